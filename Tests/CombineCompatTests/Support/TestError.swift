/// An equatable test error whose description is its message, so histories read `failure(boom)`.
struct TestError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
