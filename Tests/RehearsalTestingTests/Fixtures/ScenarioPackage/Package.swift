// swift-tools-version:6.0
// A team's package, as docs/adoption.md tells a team to write it (its snippet is this file with the team's names): a
// ViewModel, ViewModels that import Apple's frameworks, their catalog, the catalog executable, and one short test
// file per test framework. The end-to-end tests copy it to .build/rehearsal-testing-e2e/ in the Rehearsal package,
// where "../../.." is the Rehearsal package itself.
import PackageDescription

let package = Package(
    name: "Greeting",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Rehearsal", path: "../../..")],
    targets: [
        // The app's ViewModel files, unchanged: `import Combine`, internal access, Swift 5 mode.
        .target(
            name: "StoreFeatures",
            dependencies: [
                .product(name: "Combine", package: "Rehearsal"),
                .product(name: "UIKit", package: "Rehearsal"),
                .product(name: "SwiftUI", package: "Rehearsal"),
                .product(name: "CoreLocation", package: "Rehearsal"),
                .product(name: "Photos", package: "Rehearsal"),
                .product(name: "OSLog", package: "Rehearsal"),
                .product(name: "os", package: "Rehearsal"),
            ],
            path: "Sources/StoreFeatures",
            exclude: ["Views"],
            swiftSettings: [
                .swiftLanguageMode(.v5),
                .unsafeFlags(["-enable-testing"], .when(configuration: .release)),
            ]
        ),
        // Compiled in Swift 5 mode, as most iOS ViewModels are today.
        .target(
            name: "GreetingKit",
            dependencies: [.product(name: "Combine", package: "Rehearsal")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The catalog and scripted mocks.
        .target(
            name: "GreetingCatalog",
            dependencies: [
                "StoreFeatures", .product(name: "Rehearsal", package: "Rehearsal"),
                "GreetingKit", .product(name: "UIKit", package: "Rehearsal"),
            ],
            path: "Sources/GreetingCatalog"
        ),
        // The command line with this package's catalog.
        .executableTarget(
            name: "greeting-rehearsal",
            dependencies: ["GreetingCatalog", .product(name: "RehearsalCLI", package: "Rehearsal")],
            path: "Sources/greeting-rehearsal"
        ),
        .testTarget(
            name: "GreetingXCTests",
            dependencies: ["GreetingCatalog", .product(name: "RehearsalTesting", package: "Rehearsal")],
            path: "Tests/GreetingXCTests",
            plugins: [.plugin(name: "RehearsalScenarioTests", package: "Rehearsal")]
        ),
        .testTarget(
            name: "GreetingSwiftTests",
            dependencies: [
                "GreetingCatalog", "greeting-rehearsal", .product(name: "RehearsalTesting", package: "Rehearsal"),
            ],
            plugins: [.plugin(name: "RehearsalScenarioTests", package: "Rehearsal")]
        ),
    ]
)
