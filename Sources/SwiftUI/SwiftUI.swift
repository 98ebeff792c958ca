// `import SwiftUI` on Linux, for the ViewModel files that import SwiftUI for its values rather than its views:
// `ObservableObject` and `@Published` (Combine's, re-exported as on iOS), `@Observable` (Observation), `CGFloat` and
// the other geometry values, `withAnimation { }` (runs its closure), `Color`, `Image`, `LocalizedStringKey` and
// `Binding` as values, and UIKit's values (`UIImage`, `UIApplication`), which `import SwiftUI` brings on iOS too.
// It exists only when the package manifest is evaluated on Linux. Views are refused at compile time with a message
// that says what to do (see SwiftUIViews.swift).
@_exported import Combine
@_exported import CoreGraphics
@_exported import Foundation
@_exported import Observation
@_exported import UIKit
