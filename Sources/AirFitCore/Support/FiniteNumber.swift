import Foundation

/// Checks for numbers that come from outside (forms, answers files, imports, tool arguments, provider
/// payloads) before anything converts them: finite, in range, and only then turned into an `Int`.
///
/// `Int(someDouble)` traps on NaN, infinity and anything beyond `Int`'s range; untrusted values go
/// through these functions instead.
public enum FiniteNumber {
    /// The largest magnitude converted to an `Int` (2^53: every integer up to it is exact in a `Double`).
    public static let largestWhole = 9_007_199_254_740_992.0

    /// `text` as a number when it parses, is finite and lies in `range`; nil otherwise.
    public static func parse(_ text: String, in range: ClosedRange<Double>) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 32, let value = Double(trimmed) else { return nil }
        return checked(value, in: range)
    }

    /// `value` when finite and in `range`; nil otherwise.
    public static func checked(_ value: Double, in range: ClosedRange<Double>) -> Double? {
        value.isFinite && range.contains(value) ? value : nil
    }

    /// `value` rounded (by `rule`) to an `Int`, or nil when it is not finite or beyond ±2^53.
    public static func int(_ value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
        guard value.isFinite else { return nil }
        let rounded = value.rounded(rule)
        guard abs(rounded) <= largestWhole else { return nil }
        return Int(rounded)
    }

    /// `value` rounded to an `Int` for display: 0 for NaN, clamped to ±2^53 — never a trap.
    public static func displayInt(_ value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int {
        guard !value.isNaN else { return 0 }
        return int(min(max(value, -largestWhole), largestWhole), rounding: rule) ?? 0
    }
}
