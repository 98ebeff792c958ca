// `import UIKit` on Linux: the values a ViewModel file takes UIKit for (`UIImage`, `UIColor`, `UIFont`, a diffable
// data source snapshot), `UIApplication.shared`'s URL opening (recorded in the timeline as calls), `UIDevice` and
// `UIScreen`. It exists only when the package manifest is evaluated on Linux; on Apple platforms `import UIKit` is
// Apple's framework.
//
// As on iOS, it also brings Foundation (with FoundationNetworking's `URLSession`, which Foundation holds on iOS),
// Core Graphics' geometry (`CGFloat`, `CGRect`) and `IndexPath.row`; Combine too, which costs a file that compiles
// on iOS nothing. Views, view controllers and anything that draws are refused at compile time, each with a message
// that says what to do (see UIKitViews.swift).
@_exported import Combine
@_exported import CoreGraphics
@_exported import Foundation
@_exported import FoundationNetworking
@_exported import UIKitFoundation
