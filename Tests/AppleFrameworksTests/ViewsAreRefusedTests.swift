import Testing

/// Nothing in the stand-ins pretends to draw: a view, a view controller or a view's property wrapper stops the
/// build at its first use, with the message the README shows, and nothing else.
struct ViewsAreRefusedTests {
    @Test func aViewFileFailsWithTheMessageThatSaysWhatToDo() throws {
        let errors = try StandInCompiler.errors(
            in: """
                import SwiftUI
                import UIKit

                struct ProfileView: View {
                    @State private var name = ""
                    var body: some View {
                        VStack { Text("Hello") }
                    }
                }

                final class ProfileViewController: UIViewController {
                    let nameLabel = UILabel()
                }
                """)

        let swiftUI = "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
        let uiKit = "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
        #expect(
            errors.sorted() == [
                "ProfileView.swift:11:36: error: 'UIViewController' is unavailable: UIKit view controllers do not "
                    + "build on Linux: exclude the files that use them from the ViewModel target",
                "ProfileView.swift:12:21: error: 'UILabel' is unavailable: \(uiKit)",
                "ProfileView.swift:4:21: error: 'View' is unavailable: \(swiftUI)",
                "ProfileView.swift:5:6: error: 'State' is unavailable: \(swiftUI)",
                "ProfileView.swift:6:20: error: 'View' is unavailable: \(swiftUI)",
                "ProfileView.swift:7:18: error: 'Text' is unavailable: \(swiftUI)",
                "ProfileView.swift:7:9: error: 'VStack' is unavailable: \(swiftUI)",
            ])
    }

    @Test func aViewModelFileWithTheSameImportsCompiles() throws {
        let errors = try StandInCompiler.errors(
            in: """
                import SwiftUI
                import UIKit.UIImage
                import CoreLocation.CLLocation
                import Photos.PHAsset
                import os.log

                @MainActor final class ProfileViewModel: ObservableObject {
                    @Published var avatar = UIImage(systemName: "person")
                    @Published var place: CLLocationCoordinate2D?
                    var asset: PHAsset?
                    let log = Logger(subsystem: "app", category: "profile")
                    func save() { withAnimation { avatar = nil }; log.info("saved") }
                }
                """, name: "ProfileViewModel.swift")

        #expect(errors == [])
    }
}
