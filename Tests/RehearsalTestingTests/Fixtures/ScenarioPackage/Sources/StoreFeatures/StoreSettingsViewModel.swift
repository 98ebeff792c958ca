import SwiftUI

/// The store's settings screen: imports SwiftUI for `ObservableObject`, `@Published`, `Color` and `withAnimation`.
@MainActor
final class StoreSettingsViewModel: ObservableObject {
    @Published private(set) var notificationsOn = false
    @Published private(set) var accent: Color = .accentColor
    @Published private(set) var rowSpacing: CGFloat = 8

    var notifications: Binding<Bool> {
        Binding(get: { self.notificationsOn }, set: { self.setNotifications($0) })
    }

    func toggleNotifications() {
        notifications.wrappedValue.toggle()
    }

    private func setNotifications(_ isOn: Bool) {
        withAnimation(.easeInOut(duration: 0.2)) {
            notificationsOn = isOn
            accent = isOn ? .green : .accentColor
            rowSpacing = isOn ? 12 : 8
        }
    }
}
