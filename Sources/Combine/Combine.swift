// `import Combine` on Linux: this module re-exports CombineCompat, so a ViewModel file copied from an iOS app
// compiles unchanged, its import line and `Combine.`-qualified names (`Combine.Subscription`,
// `Combine.AnyPublisher`) included. The package declares it only when the manifest is evaluated on Linux; on Apple
// platforms `import Combine` is Apple's framework and the product `Combine` is CombineCompat, which re-exports it.
//
// It also re-exports what such a file finds through `import Foundation` on iOS but not on Linux: `URLSession`,
// `URLRequest` and `URLResponse` (FoundationNetworking), and UIKit's `IndexPath` additions (`indexPath.row`).
@_exported import CombineCompat
@_exported import FoundationNetworking
@_exported import UIKitFoundation
