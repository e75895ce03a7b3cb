import Foundation

/// The most notifications of each category a member receives per local day; a category not listed is unlimited.
public struct DailyLimits: Sendable, Equatable {
    /// Maximum per category key.
    public let maxima: [String: Int]

    /// Creates limits; `nil` when a maximum is negative.
    public init?(maxima: [String: Int]) {
        guard maxima.values.allSatisfy({ $0 >= 0 }) else { return nil }
        self.maxima = maxima
    }

    /// No limits at all.
    public static let unlimited = DailyLimits(uncheckedMaxima: [:])

    private init(uncheckedMaxima: [String: Int]) { maxima = uncheckedMaxima }

    /// Whether one more notification of `categoryKey` fits after `count` already counted that day.
    public func allows(_ categoryKey: String, after count: Int) -> Bool {
        guard let maximum = maxima[categoryKey] else { return true }
        return count < maximum
    }
}
