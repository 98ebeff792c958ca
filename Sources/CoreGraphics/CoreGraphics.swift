// `import CoreGraphics` on Linux. Foundation on Linux declares the geometry values ViewModels hold, `CGFloat`,
// `CGPoint`, `CGSize` and `CGRect` (with Apple's initialisers, `.zero`, `midX`, `insetBy(dx:dy:)`, `contains(_:)`,
// …), so this module re-exports it. Nothing here draws: there are no contexts, paths, colours or images, and a
// file that uses them does not compile (`cannot find 'CGContext' in scope`).
@_exported import Foundation
