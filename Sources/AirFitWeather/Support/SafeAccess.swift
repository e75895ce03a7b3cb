extension Array {
    /// The element at `index`, or nil past the end (provider arrays are not always the same length).
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

extension Double {
    /// The nearest whole number, or nil when it does not fit an `Int` (a hostile body must not crash us).
    var roundedInt: Int? { isFinite ? Int(exactly: rounded()) : nil }

    /// A 0–100 percentage, clamped, or nil when not a finite number.
    var percentage: Int? { roundedInt.map { Swift.min(100, Swift.max(0, $0)) } }
}
