// SwiftUI views, their property wrappers and the app's scenes do not exist on Linux: each is declared unavailable,
// so that a file using one stops with a message that says what to do:
//
//     error: 'View' is unavailable: SwiftUI views do not build on Linux: exclude the files that use them from the
//     ViewModel target
//
// `Color` and `Image` are values here, not views.

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public protocol View {
    associatedtype Body
    var body: Body { get }
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public protocol ViewModifier {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Text: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Button: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Label: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Toggle: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct TextField: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct VStack: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct HStack: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct ZStack: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct List: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct ForEach: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct ScrollView: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct NavigationView: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct NavigationStack: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct NavigationLink: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Spacer: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public protocol App {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public protocol Scene {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct WindowGroup: View {
    public var body: Never { fatalError() }
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIHostingController {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: SwiftUI views' property wrappers do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
@propertyWrapper
public struct State<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Unavailable on Linux: SwiftUI views' property wrappers do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
@propertyWrapper
public struct StateObject<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Unavailable on Linux: SwiftUI views' property wrappers do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
@propertyWrapper
public struct ObservedObject<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Unavailable on Linux: SwiftUI views' property wrappers do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
@propertyWrapper
public struct EnvironmentObject<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Unavailable on Linux: SwiftUI views' property wrappers do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
@propertyWrapper
public struct Environment<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Unavailable on Linux: SwiftUI views' property wrappers do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
@propertyWrapper
public struct AppStorage<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}
