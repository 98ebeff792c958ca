import ScenarioJSON

/// One entry of a scenario's `"mask"`: the values of one event that are legitimately not reproducible, recorded as
/// a placeholder of their shape.
///
/// ```json
/// "mask": [{"output": "items", "path": "value[*].id", "as": "uuid"}]
/// ```
/// Every `output "items"` event then records `"<uuid>"` at `value[0].id`, `value[1].id`, …, and a run passes when
/// each of those values is a UUID, whatever it is.
public struct ValueMask: Sendable {
    /// The event kinds a mask can select: those that carry values.
    public static let kinds: [TimelineEvent.Label] = [.output, .state, .route, .call, .callback, .input]

    /// The event's kind (`output`, `state`, `route`, `call`, `callback`, `input`).
    public var kind: TimelineEvent.Label
    /// The event's name: the output, state, callback or input name, the route's case, the call's `Type.method`.
    public var name: String
    /// The values inside the event (`value[*].id`, `args.requestId`).
    public var path: ValuePath
    /// The shape each value must have.
    public var shape: ValueShape
    /// The mask's pointer in the scenario (`/mask/0`).
    public var pointer: JSONPointer

    /// Creates a mask.
    public init(kind: TimelineEvent.Label, name: String, path: ValuePath, shape: ValueShape, pointer: JSONPointer) {
        self.kind = kind
        self.name = name
        self.path = path
        self.shape = shape
        self.pointer = pointer
    }

    /// `output "items" value[*].id`.
    var subject: String { "\(kind.rawValue) \(JSONWriter.quoted(shownName)) \(QuotedText.elided(path.description))" }

    /// The event's name as messages show it (a name of any length is cut, see `QuotedText.elided`).
    var shownName: String { QuotedText.elided(name) }

    /// Whether the mask is about `event`.
    func selects(_ event: TimelineEvent) -> Bool {
        event.kind.label == kind && event.kind.name == name
    }
}

/// What masking a timeline did: the masked timeline, each value that did not have its mask's shape, and how many
/// values each mask replaced.
struct MaskedTimeline {
    /// A value a mask selects whose shape is another.
    struct Misfit {
        var mask: ValueMask
        var event: TimelineEvent
        var path: ValuePath
        var value: JSONValue
    }

    var timeline: Timeline
    var misfits: [Misfit]
    /// Per mask (in the scenario's order), how many events it selected and how many values it replaced.
    var counts: [(events: Int, values: Int)]

    /// `timeline` with each value a mask selects replaced by its shape's placeholder, when it has that shape.
    ///
    /// - Complexity: O(events × masks) plus the size of the selected values.
    init(_ timeline: Timeline, masks: [ValueMask]) {
        guard !masks.isEmpty else {
            // Most scenarios mask nothing: the timeline is the run's, as it is.
            self.timeline = timeline
            misfits = []
            counts = []
            return
        }
        var events = timeline.events
        var misfits: [Misfit] = []
        var counts = [(events: Int, values: Int)](repeating: (0, 0), count: masks.count)
        for index in events.indices {
            let event = events[index]
            for (position, mask) in masks.enumerated() where mask.selects(event) {
                counts[position].events += 1
                var replaced = 0
                let values = Self.replace(.object(event.kind.values), mask.path.components[...], at: ValuePath()) {
                    path, value in
                    guard mask.shape.fits(value) else {
                        misfits.append(Misfit(mask: mask, event: event, path: path, value: value))
                        return value
                    }
                    replaced += 1
                    return mask.shape.placeholder
                }
                counts[position].values += replaced
                if case .object(let masked) = values { events[index].kind = events[index].kind.replacingValues(masked) }
            }
        }
        self.timeline = Timeline(scenario: timeline.scenario, events: events)
        self.misfits = misfits
        self.counts = counts
    }

    /// `value` with each value at `components` (under `path`) replaced by `replacement`.
    private static func replace(
        _ value: JSONValue, _ components: ArraySlice<ValuePath.Component>, at path: ValuePath,
        _ replacement: (ValuePath, JSONValue) -> JSONValue
    ) -> JSONValue {
        guard let component = components.first else { return replacement(path, value) }
        let rest = components.dropFirst()
        switch (component, value) {
        case (.member(let name), .object(var object)):
            guard let member = object[name] else { return value }
            object[name] = replace(member, rest, at: path.appending(.member(name)), replacement)
            return .object(object)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = replace(elements[index], rest, at: path.appending(.index(index)), replacement)
            return .array(elements)
        case (.any, .array(let elements)):
            return .array(
                elements.enumerated().map { replace($1, rest, at: path.appending(.index($0)), replacement) })
        case (.any, .object(var object)):
            for key in object.keys {
                if let member = object[key] {
                    object[key] = replace(member, rest, at: path.appending(.member(key)), replacement)
                }
            }
            return .object(object)
        default:
            return value
        }
    }
}
