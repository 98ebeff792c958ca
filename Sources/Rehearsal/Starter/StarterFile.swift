import ScenarioJSON

/// The starter scenario as ``StarterScenario`` builds it, and its text: the scenario format's keys in the order of
/// docs/scenario-format.md, one step and one scripted response per line.
///
/// ```json
/// {
///   "description": "Describe what this scenario shows. …",
///   "viewModel": "Contributors",
///   "config": {"storeId": 0, "store": null},
///   "mocks": {
///     "StoreRepository.fetchContributors": [
///       {"when": {"storeId": 0, "cursor": null}, "never": true}
///     ]
///   },
///   "steps": [
///     {"at": "0ms", "send": "load"},
///     {"at": "1s", "send": "didTapClose"}
///   ],
///   "until": "2s",
///   "strict": false
/// }
/// ```
struct StarterFile {
    struct Step {
        var at: ScenarioDuration
        var send: String
        var value: JSONValue?
    }

    struct Response {
        enum Answer {
            case never
            case value(JSONValue)
        }

        /// The call's arguments (none for a method without any).
        var when: JSONObject
        var answer = Answer.never
        /// How many calls with these arguments it answers.
        var times = 1
    }

    struct Mock {
        /// `Type.method`.
        var key: String
        var responses: [Response] = []
    }

    static let description =
        "Describe what this scenario shows. Written by rehearsal new: replace each \"never\" with the answer the "
        + "mock gives (\"after\": \"300ms\", \"return\": …), then record it"

    var viewModel: String
    var config: JSONValue?
    var mocks: [Mock] = []
    var steps: [Step] = []
    var strict = true

    init(viewModel: String) {
        self.viewModel = viewModel
    }

    /// A second after the last step (at least a second).
    var until: ScenarioDuration {
        (steps.last?.at ?? .zero) + .seconds(1)
    }

    /// The file's text, ending with a newline.
    var text: String {
        let writer = JSONWriter(style: .spaced)
        var members = [
            "\"description\": \(writer.string(.string(Self.description)))",
            "\"viewModel\": \(writer.string(.string(viewModel)))",
        ]
        if let config { members.append("\"config\": \(writer.string(config))") }
        if !mocks.isEmpty {
            let keys = mocks.map { mock in
                let responses = mock.responses.map { "      " + writer.string(Self.json($0)) }
                return "    \(writer.string(.string(mock.key))): [\n" + responses.joined(separator: ",\n") + "\n    ]"
            }
            members.append("\"mocks\": {\n" + keys.joined(separator: ",\n") + "\n  }")
        }
        if steps.isEmpty {
            members.append("\"steps\": []")
        } else {
            let lines = steps.map { "    " + writer.string(Self.json($0)) }
            members.append("\"steps\": [\n" + lines.joined(separator: ",\n") + "\n  ]")
        }
        members.append("\"until\": \(writer.string(.string(until.description)))")
        if !strict { members.append("\"strict\": false") }
        return "{\n" + members.map { "  " + $0 }.joined(separator: ",\n") + "\n}\n"
    }

    private static func json(_ step: Step) -> JSONValue {
        var object = JSONObject()
        object["at"] = .string(step.at.description)
        object["send"] = .string(step.send)
        if let value = step.value { object["value"] = value }
        return .object(object)
    }

    private static func json(_ response: Response) -> JSONValue {
        var object = JSONObject()
        if !response.when.isEmpty { object["when"] = .object(response.when) }
        switch response.answer {
        case .never: object["never"] = .bool(true)
        case .value(let value): object["return"] = value
        }
        if response.times > 1 { object["times"] = .integer(Int64(response.times)) }
        return .object(object)
    }
}
