/// A value the timeline records in a form of its own rather than by its stored properties: a stand-in's `UIImage`
/// as a short description, a snapshot as its sections and items, a `CLLocation` as its coordinate and accuracy.
///
/// The runner records ``timelineRepresentation`` in place of the value, as it records any value (`Encodable`, else
/// by reflection), so it may hold strings, numbers, arrays, dictionaries (written with sorted keys) and the values
/// the stand-in holds (a snapshot's items).
///
/// ```swift
/// extension UIImage: TimelineRepresentable {
///     public var timelineRepresentation: Any { "UIImage(named: \"avatar\")" }
/// }
/// ```
public protocol TimelineRepresentable {
    /// What the timeline records for this value.
    var timelineRepresentation: Any { get }
}
