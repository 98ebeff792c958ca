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
public protocol View {}

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
public struct Text {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Button {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Label {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Toggle {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct TextField {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct VStack {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct HStack {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct ZStack {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct List {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct ForEach {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct ScrollView {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct NavigationView {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct NavigationStack {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct NavigationLink {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct Spacer {}

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
public struct WindowGroup {}

/// Unavailable on Linux: SwiftUI views do not build here.
@available(
    *, unavailable,
    message: "SwiftUI views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public struct UIHostingController {}

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
