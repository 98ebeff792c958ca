import Testing
import UIKit

/// `UIDevice`, `UIScreen` and `UIApplication` outside a scenario: fixed values, the same in every run. The device is
/// an iPhone on iOS 17 with nothing monitored, as Apple documents an unmonitored device: `batteryLevel` is -1 "if
/// battery monitoring is not enabled", `orientation` is unknown until orientation notifications start, and
/// `identifierForVendor` may be `nil` ("wait and get the value again later").
@MainActor
struct DeviceTests {
    @Test func theDeviceIsAnUnmonitoredIPhone() {
        let device = UIDevice.current
        #expect(
            [device.model, device.systemName, device.systemVersion, device.name] == ["iPhone", "iOS", "17.0", "iPhone"])
        #expect(device.userInterfaceIdiom == .phone)
        #expect(device.identifierForVendor == nil)
        #expect(device.batteryLevel == -1)
        #expect(device.batteryState == .unknown)
        #expect(device.orientation == .unknown)
        #expect(!device.orientation.isValidInterfaceOrientation)
        #expect(UIDevice.Orientation.landscapeLeft.isLandscape)
    }

    @Test func theScreenIsAnIPhone15s() {
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(UIScreen.main.scale == 3)
        #expect(UIScreen.main.nativeBounds.width == UIScreen.main.bounds.width * UIScreen.main.scale)
    }

    @Test func outsideAScenarioURLsOpen() async {
        let url = URL(string: UIApplication.openSettingsURLString)!
        #expect(UIApplication.shared.canOpenURL(url))
        #expect(await UIApplication.shared.open(url))
        #expect(UIApplication.shared.applicationState == .active)
        #expect(UIApplication.didBecomeActiveNotification.rawValue == "UIApplicationDidBecomeActiveNotification")
    }

    /// UIKit's `IndexPath` additions come with `import UIKit` as with `import Combine` (one declaration).
    @Test func indexPathRowsAndSections() {
        var path = IndexPath(row: 3, section: 1)
        #expect(path.section == 1)
        #expect(path.row == 3)
        #expect(path.item == 3)
        path.item = 5
        #expect(path == IndexPath(item: 5, section: 1))
    }
}
