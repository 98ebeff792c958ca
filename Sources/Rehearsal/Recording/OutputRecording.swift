import CombineCompat
import ScenarioJSON
import VirtualTime

/// Records what a ViewModel's output ports emit: outputs and states by name, routes by case, and how a publisher
/// ended.
enum OutputRecording {
    /// Subscribes to `port`, recording each value and the completion as timeline events; `offMain` notes values
    /// emitted off the main thread.
    static func subscribe(
        _ port: OutputPort, recorder: TimelineRecorder, offMain: OffMainEmissions? = nil
    ) -> AnyCancellable {
        let encoding = recorder.encoding
        let name = port.name
        let timeline = recorder.timeline
        return port.subscribe(
            { value in
                offMain?.check(port, timeline: timeline)
                if port.role == .route {
                    // A `nil` route (an optional route subject's reset) is no route.
                    guard let unwrapped = ValueEncoding.unwrappingOptional(value) else { return }
                    if let (caseName, payload) = ValueEncoding.enumCase(of: unwrapped) {
                        recorder.record(.route(name: caseName, value: payload.map { encoding.encode($0) }))
                        return
                    }
                    recorder.record(.route(name: name, value: encoding.encode(unwrapped)))
                    return
                }
                // A `Void` value has nothing to show: `{"output": "didFinish"}`, as a `Void` input is recorded.
                let encoded: JSONValue? = value is Void ? JSONValue?.none : encoding.encode(value)
                switch port.role {
                case .state: recorder.record(.state(name: name, value: encoded))
                case .output, .route: recorder.record(.output(name: name, value: encoded))
                }
            },
            { error in
                if let error {
                    recorder.record(.failed(name: name, error: encoding.encode(error)))
                } else {
                    recorder.record(.finished(name: name))
                }
            })
    }
}
