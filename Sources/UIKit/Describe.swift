import Foundation

/// A number as a description shows it: whole numbers without a fraction (`2`), others as Swift prints a `Double`
/// (`0.5`, `0.3333333333333333`), so the same value reads the same in every run.
func describe(_ value: CGFloat) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(Double(value))"
}
