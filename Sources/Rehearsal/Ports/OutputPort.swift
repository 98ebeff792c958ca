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
    /// The property as a `set` step's target; nil where its storage cannot be written from outside (Apple's Combine).
    func settablePort(name: String) -> SettablePort?
    /// The property's value, for a timeline that records the object holding it.
    var currentValue: Any { get }
}

extension Published: PublishedStorageProperty {
    func outputPort(name: String) -> OutputPort {
        Rehearsal.outputPort(projectedValue, name: name, role: .state)
    }

    var currentValue: Any {
        #if !canImport(Darwin)
        _value
        #else
        "$published"
        #endif
    }

    func settablePort(name: String) -> SettablePort? {
        #if !canImport(Darwin)
        // The storage is a reference to the property's box: the step writes it on the scenario thread, in main-lane
        // work, as the view would.
        nonisolated(unsafe) let storage = self
        return SettablePort(name: name, valueType: Value.self) { delivery in
            guard let decodable = Value.self as? any Decodable.Type else {
                throw delivery.document.error(
                    at: delivery.valuePointer,
                    "property '\(name)' is \(String(describing: Value.self)), which is not Decodable",
                    hint: "make \(String(describing: Value.self)) Decodable, or declare an action in the catalog")
            }
            if let value = try decodeValue(decodable, from: delivery) as? Value { storage._write(value) }
        }
        #else
        nil
        #endif
    }
}
