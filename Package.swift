// swift-tools-version:6.0
import PackageDescription

// `import Combine` on Linux: the module `Combine` re-exports CombineCompat, so ViewModel files keep their import
// line. It exists only when this manifest is evaluated on Linux; on Apple platforms `import Combine` is Apple's
// framework, and the product `Combine` is CombineCompat (which re-exports it), so a team's manifest reads the same
// everywhere. The product and the targets using it name CombineCompat as well: a build tracks the modules of a
// target's direct dependencies, and through the re-export alone a release build kept code inlined from an older
// CombineCompat.
#if os(Linux)
let combineTargets = ["Combine", "CombineCompat"]
#else
let combineTargets = ["CombineCompat"]
#endif
let combineDependencies = combineTargets.map { Target.Dependency.target(name: $0) }

// Apple's frameworks on Linux: modules named as Apple's (`UIKit`, `SwiftUI`, `CoreLocation`, `Photos`, `OSLog`, `os`,
// `CoreGraphics`) holding what a ViewModel file uses of them, so that it compiles unchanged. Like `Combine`, they
// exist only when this manifest is evaluated on Linux; on Apple platforms `import UIKit` is Apple's framework and
// each of these products is the `FrameworkSeam` module alone, so a team's manifest reads the same everywhere. Each
// product lists the modules its module re-exports (see `combineTargets` for why).
#if os(Linux)
let standInModules: [String: [String]] = [
    "CoreGraphics": ["_Testing_CoreGraphics"],
    "UIKit": [
        "CoreGraphics", "UIKitFoundation", "Combine", "CombineCompat", "FrameworkSeam", "RehearsalBase",
        "_Testing_UIKit",
    ],
    "SwiftUI": ["UIKit", "CoreGraphics", "UIKitFoundation", "Combine", "CombineCompat", "FrameworkSeam"],
    "CoreLocation": ["FrameworkSeam"],
    "Photos": ["FrameworkSeam"],
    "os": ["FrameworkSeam"],
    "OSLog": ["os", "FrameworkSeam"],
]
func standInTargets(_ module: String) -> [String] { [module] + (standInModules[module] ?? []) }
#else
func standInTargets(_ module: String) -> [String] { ["FrameworkSeam"] }
#endif

let package = Package(
    name: "Rehearsal",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ScenarioJSON", targets: ["ScenarioJSON"]),
        .library(name: "CombineCompat", targets: ["CombineCompat"]),
        .library(name: "Combine", targets: combineTargets),
        .library(name: "UIKit", targets: standInTargets("UIKit")),
        .library(name: "SwiftUI", targets: standInTargets("SwiftUI")),
        .library(name: "CoreGraphics", targets: standInTargets("CoreGraphics")),
        .library(name: "CoreLocation", targets: standInTargets("CoreLocation")),
        .library(name: "Photos", targets: standInTargets("Photos")),
        .library(name: "OSLog", targets: standInTargets("OSLog")),
        .library(name: "os", targets: standInTargets("os")),
        .library(name: "VirtualTime", targets: ["VirtualTime"]),
        .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
        .library(name: "Rehearsal", targets: ["Rehearsal"]),
        .library(name: "RehearsalCLI", targets: ["RehearsalCLI"]),
        .library(name: "RehearsalTesting", targets: ["RehearsalTesting"]),
        .plugin(name: "RehearsalScenarioTests", targets: ["RehearsalScenarioTests"]),
        .plugin(name: "RehearsalCommand", targets: ["RehearsalCommand"]),
        .executable(name: "rehearsal", targets: ["rehearsal"]),
        .executable(name: "rehearsal-bench", targets: ["rehearsal-bench"]),
    ],
    targets: [
        // json-c through pkg-config; `make` installs libjson-c-dev when it is missing.
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        // Durations, dates and times, a lock and reflection without `Mirror`: what virtual time, JSON and recording
        // need, with no dependency beyond its C part.
        .target(name: "RehearsalBase", dependencies: ["CReflection"]),
        // An enum value's case and a tuple's elements read from the runtime's metadata (see EnumCases.swift).
        .target(name: "CReflection"),
        .target(name: "ScenarioJSON", dependencies: ["CJSONC", "RehearsalBase"]),
        // The calling thread's identity in one instruction, for CombineCompat's delivery gates.
        .target(name: "CCombineCompatThread"),
        .target(name: "CombineCompat", dependencies: ["RehearsalBase", "CCombineCompatThread"]),
        // The seam between the stand-ins of Apple's frameworks and the running scenario (see FrameworkHost.swift).
        .target(name: "FrameworkSeam"),
        // Interposes the C library's clocks and sleeps and libdispatch's submissions for the scenario thread.
        .target(name: "CVirtualTime"),
        .target(name: "VirtualTime", dependencies: ["RehearsalBase", "CombineCompat", "CVirtualTime"]),
        .target(name: "ViewModelKit", dependencies: ["RehearsalBase", "CombineCompat"]),
        // The example app is compiled in Swift 5 mode, as most iOS ViewModels are today.
        .target(
            name: "ExampleApp",
            dependencies: ["CombineCompat", "ViewModelKit"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // ViewModels as a team writes them today: `import Combine`, internal access, Swift 5 mode. The catalog reaches
        // them through `@testable import TeamApp`, which a release build allows only for a module compiled with
        // -enable-testing (debug builds always are).
        .target(
            name: "TeamApp",
            dependencies: combineDependencies,
            swiftSettings: [
                .swiftLanguageMode(.v5), .unsafeFlags(["-enable-testing"], .when(configuration: .release)),
            ]
        ),
        .target(
            name: "Rehearsal",
            dependencies: ["ScenarioJSON", "CombineCompat", "VirtualTime", "ViewModelKit", "FrameworkSeam"]
        ),
        // The example app's catalog and scripted mocks: the glue a team writes once.
        .target(name: "ExampleCatalog", dependencies: ["ExampleApp", "TeamApp", "Rehearsal"]),
        // Snapshots of the example app's ViewModels and mocks, owned by the runner tests (Swift 5 mode, as the app).
        .target(
            name: "RunnerFixtures",
            dependencies: ["CombineCompat", "ViewModelKit", "Rehearsal"],
            path: "Tests/RunnerFixtures",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The glue a team writes for the collaborator fixtures, in Swift 6 mode as a team's catalog module is.
        .target(
            name: "CollaboratorCatalog",
            dependencies: ["CombineCompat", "Rehearsal", "RunnerFixtures"],
            path: "Tests/CollaboratorCatalog"
        ),
        // The command line as a library, so a team's own executable passes its catalog in a few lines.
        // `prctl(PR_SET_PDEATHSIG)` for worker processes (variadic in C, so out of Swift's reach).
        .target(name: "CProcessControl"),
        .target(name: "RehearsalCLI", dependencies: ["Rehearsal", "ScenarioJSON", "CombineCompat", "CProcessControl"]),
        .executableTarget(name: "rehearsal", dependencies: ["RehearsalCLI", "ExampleCatalog"]),
        // `swift test` integration: every scenario a test case (XCTest and Swift Testing), goldens compared.
        .target(name: "RehearsalTesting", dependencies: ["Rehearsal", "RehearsalCLI"]),
        // Generates one test per scenario file for a test target's ScenarioTestCase or ScenarioSuite type.
        .plugin(name: "RehearsalScenarioTests", capability: .buildTool()),
        // `swift package rehearsal new|run|record|accept|list|validate|prune|…`: builds and runs the catalog executable.
        .plugin(
            name: "RehearsalCommand",
            capability: .command(
                intent: .custom(
                    verb: "rehearsal",
                    description:
                        "Write (new), run, record, accept, list, validate or prune scenarios with the package's catalog"
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "record, accept and prune write golden timelines beside the scenarios; run records "
                            + "missing ones and keeps the timelines of failing runs in .rehearsal/")
                ])),
        // Headless Chromium over the DevTools pipe, for the report's browser tests and benchmark (not a product).
        .target(name: "HeadlessChromium", dependencies: ["ScenarioJSON", "CombineCompat"]),
        // The CLI with a test-only catalog: ViewModels that crash and hang, for the isolation tests.
        .executableTarget(
            name: "rehearsal-fixtures",
            dependencies: [
                "RehearsalCLI", "Rehearsal", "ExampleCatalog", "CombineCompat", "ViewModelKit", "CollaboratorCatalog",
            ]
        ),
        .executableTarget(
            name: "rehearsal-bench",
            dependencies: [
                "ScenarioJSON", "CombineCompat", "VirtualTime", "Rehearsal", "ExampleApp", "ExampleCatalog",
                "RehearsalCLI", "HeadlessChromium",
            ]
        ),
        .testTarget(name: "ScenarioJSONTests", dependencies: ["ScenarioJSON", "RehearsalBase"]),
        .testTarget(name: "CombineCompatTests", dependencies: ["CombineCompat"]),
        // Most iOS ViewModels are compiled in Swift 5 mode today; this target proves they compile unchanged.
        .testTarget(
            name: "CombineCompatSwift5Tests",
            dependencies: ["CombineCompat"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A Combine helper library's back-ports of Apple's later API, beside CombineCompat's originals.
        .target(
            name: "CombineBackports",
            dependencies: combineDependencies,
            path: "Tests/CombineBackports",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // `import Combine` and `@testable import TeamApp` (its `Combine.Subscription`-qualified helper), Swift 5 mode.
        .testTarget(
            name: "CombineModuleTests",
            dependencies: ["TeamApp", "CombineBackports"] + combineDependencies,
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "VirtualTimeTests", dependencies: ["VirtualTime", "CombineCompat", "RehearsalBase"]),
        .testTarget(name: "ViewModelKitTests", dependencies: ["ViewModelKit", "CombineCompat"]),
        .testTarget(
            name: "ExampleAppTests",
            dependencies: ["ExampleApp", "ViewModelKit", "CombineCompat", "VirtualTime", "ScenarioJSON"]
        ),
        .testTarget(
            name: "RehearsalTests",
            dependencies: [
                "Rehearsal", "ExampleCatalog", "ExampleApp", "ScenarioJSON", "VirtualTime", "CombineCompat",
                "RehearsalTesting", "RunnerFixtures", "FrameworkSeam", "CollaboratorCatalog",
            ],
            exclude: ["Fixtures"],
            plugins: ["RehearsalScenarioTests"]
        ),
        .testTarget(
            name: "RehearsalCLITests",
            dependencies: ["RehearsalCLI", "ScenarioJSON", "Rehearsal", "HeadlessChromium", "CProcessControl"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "RehearsalTestingTests",
            dependencies: ["RehearsalTesting", "RehearsalCLI", "Rehearsal", "ExampleCatalog", "ScenarioJSON"],
            exclude: ["Fixtures"]),
    ]
)

#if os(Linux)
package.targets += [
    // UIKit's `IndexPath` additions, which both `Combine` and `UIKit` re-export.
    .target(name: "UIKitFoundation"),
    .target(name: "Combine", dependencies: ["CombineCompat", "UIKitFoundation"]),
    // A module map of the stand-ins' submodules, so that `import UIKit.UIImage` and `import os.log` compile.
    .systemLibrary(name: "AppleFrameworkSubmodules"),
    // Swift Testing's cross-import overlays of UIKit and CoreGraphics, empty on Linux (see _Testing_UIKit.swift).
    .target(name: "_Testing_CoreGraphics"),
    .target(name: "_Testing_UIKit"),
    .target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics"]),
    .target(
        name: "UIKit",
        dependencies: [
            "CoreGraphics", "UIKitFoundation", "Combine", "CombineCompat", "FrameworkSeam", "RehearsalBase",
            "AppleFrameworkSubmodules",
            "_Testing_UIKit",
        ]),
    .target(name: "SwiftUI", dependencies: ["UIKit", "CoreGraphics", "Combine", "CombineCompat", "FrameworkSeam"]),
    .target(name: "CoreLocation", dependencies: ["FrameworkSeam", "AppleFrameworkSubmodules"]),
    .target(name: "Photos", dependencies: ["FrameworkSeam", "AppleFrameworkSubmodules"]),
    .target(name: "os", dependencies: ["FrameworkSeam", "AppleFrameworkSubmodules"]),
    .target(name: "OSLog", dependencies: ["os"]),
    // Each stand-in's semantics against Apple's documentation, and what a scenario records of it.
    // ViewModels as teams write them, in Swift 5 mode.
    .testTarget(
        name: "AppleFrameworksTests",
        dependencies: [
            "UIKit", "SwiftUI", "CoreGraphics", "CoreLocation", "Photos", "OSLog", "os", "Rehearsal", "ScenarioJSON",
            "FrameworkSeam", "VirtualTime",
        ],
        swiftSettings: [.swiftLanguageMode(.v5)]),
]
#endif

// The fuzz targets (`make fuzz`): libFuzzer entry points, built with libFuzzer and address sanitizer (the Makefile's
// FUZZ_SWIFT_FLAGS). They are in the manifest only when REHEARSAL_FUZZ is set, so no other build (`make test`,
// `swift build`) compiles them.
if Context.environment["REHEARSAL_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzSupport", dependencies: ["ScenarioJSON"], path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport", "ScenarioJSON"], path: "Fuzz/fuzz-json"),
        .executableTarget(
            name: "fuzz-scenario", dependencies: ["FuzzSupport", "Rehearsal", "ScenarioJSON"],
            path: "Fuzz/fuzz-scenario"),
        .executableTarget(
            name: "fuzz-golden", dependencies: ["FuzzSupport", "Rehearsal", "ScenarioJSON"], path: "Fuzz/fuzz-golden"),
        .executableTarget(
            name: "fuzz-results", dependencies: ["FuzzSupport", "RehearsalCLI", "ScenarioJSON"],
            path: "Fuzz/fuzz-results"),
        .executableTarget(
            name: "fuzz-token", dependencies: ["FuzzSupport", "Rehearsal", "ScenarioJSON"], path: "Fuzz/fuzz-token"),
    ]
}
