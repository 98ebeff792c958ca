// swift-tools-version:6.0
// A team's package, as the README tells a team to write it: a ViewModel, ViewModels that import Apple's frameworks,
// their catalog, the catalog executable, and one short test file per test framework. The end-to-end tests copy it to .build/rehearsal-testing-e2e/ in the
// Rehearsal package, where "../../.." is the Rehearsal package itself.
import PackageDescription

let package = Package(
    name: "Greeting",
    dependencies: [.package(name: "Rehearsal", path: "../../..")],
    targets: [
        // Compiled in Swift 5 mode, as most iOS ViewModels are today.
        .target(
            name: "GreetingKit", dependencies: [.product(name: "Combine", package: "Rehearsal")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // ViewModel files that import Apple's frameworks for their values, unchanged (internal, reached by
        // `@testable import`); the view files beside them are excluded.
        .target(
            name: "StoreFeatures",
            dependencies: [
                .product(name: "Combine", package: "Rehearsal"), .product(name: "UIKit", package: "Rehearsal"),
                .product(name: "SwiftUI", package: "Rehearsal"), .product(name: "CoreLocation", package: "Rehearsal"),
                .product(name: "Photos", package: "Rehearsal"), .product(name: "OSLog", package: "Rehearsal"),
                .product(name: "os", package: "Rehearsal"),
            ],
            exclude: ["Views"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(
            name: "GreetingCatalog",
            dependencies: [
                "GreetingKit", "StoreFeatures", .product(name: "Rehearsal", package: "Rehearsal"),
                .product(name: "UIKit", package: "Rehearsal"),
            ]),
        .executableTarget(
            name: "greeting-rehearsal",
            dependencies: ["GreetingCatalog", .product(name: "RehearsalCLI", package: "Rehearsal")]),
        .testTarget(
            name: "GreetingXCTests",
            dependencies: ["GreetingCatalog", .product(name: "RehearsalTesting", package: "Rehearsal")],
            plugins: [.plugin(name: "RehearsalScenarioTests", package: "Rehearsal")]),
        .testTarget(
            name: "GreetingSwiftTests",
            dependencies: [
                "GreetingCatalog", "greeting-rehearsal", .product(name: "RehearsalTesting", package: "Rehearsal"),
            ],
            plugins: [.plugin(name: "RehearsalScenarioTests", package: "Rehearsal")]),
    ]
)
