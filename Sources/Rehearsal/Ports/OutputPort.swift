import CombineCompat

/// A stream of the ViewModel's that the runner records: an `Output` publisher, a route, or a state.
struct OutputPort {
    /// How the timeline names the stream's events.
    enum Role: String {
        /// `{"output": name, "value": …}`.
        case output
        /// `{"route": caseName, "value": payload}`; `nil` routes (an optional route subject's reset) are not recorded.
        case route
        /// `{"state": name, "value": …}`, for `@Published` properties and a `ViewModelable`'s `state`.
        case state
    }

    /// The property label (`items`, `route`, `isLoading`).
    let name: String
    let role: Role
    /// Subscribes with unlimited demand; the closures get every value and the completion.
    let subscribe: (_ value: @escaping (Any) -> Void, _ completion: @escaping (Error?) -> Void) -> AnyCancellable
}

/// Makes an output port of any publisher found by reflection or declared in the catalog.
func outputPort<P: Publisher>(_ publisher: P, name: String, role: OutputPort.Role) -> OutputPort {
    OutputPort(name: name, role: role) { value, completion in
        publisher.sink(
            receiveCompletion: { result in
                switch result {
                case .finished: completion(nil)
                case .failure(let error): completion(error)
                }
            },
            receiveValue: { value($0) })
    }
}

/// A `@Published` property's storage seen through reflection.
protocol PublishedStorageProperty {
    func outputPort(name: String) -> OutputPort
}

extension Published: PublishedStorageProperty {
    func outputPort(name: String) -> OutputPort {
        Rehearsal.outputPort(projectedValue, name: name, role: .state)
    }
}
