import Foundation
import Testing

@testable import RehearsalCLI

/// The manifest `init` writes names the Rehearsal checkout the way the app's repository reaches it: SwiftPM builds
/// Rehearsal from its path with every link followed, so a `../Rehearsal` link beside the app would otherwise be
/// written as the folder it leads to, which a teammate's clone and CI's `git clone … ../Rehearsal` do not have.
@Suite struct InitLocationTests {
    @Test func aSiblingThatLeadsToTheCheckoutNamesIt() throws {
        // Given a checkout in one folder and an app whose sibling `Rehearsal` links to it
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("init-location-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let checkout = base.appendingPathComponent("work/main")
        let apps = base.appendingPathComponent("apps")
        let app = apps.appendingPathComponent("App")
        for folder in [checkout, app] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        // Then without the link the checkout is named relative to the app
        #expect(InitPlan.location(of: checkout.path, from: app.path) == "../../work/main")
        // And with links beside the app, by the one named Rehearsal (whatever else leads there)
        try FileManager.default.createSymbolicLink(
            atPath: apps.appendingPathComponent("Another").path, withDestinationPath: checkout.path)
        #expect(InitPlan.location(of: checkout.path, from: app.path) == "../Another")
        try FileManager.default.createSymbolicLink(
            atPath: apps.appendingPathComponent("Rehearsal").path, withDestinationPath: "../work/main")
        #expect(InitPlan.location(of: checkout.path, from: app.path) == "../Rehearsal")
        // And a checkout beside the app is named as it is
        let sibling = apps.appendingPathComponent("RehearsalCopy")
        try FileManager.default.createDirectory(at: sibling, withIntermediateDirectories: true)
        #expect(InitPlan.location(of: sibling.path, from: app.path) == "../RehearsalCopy")
    }
}
