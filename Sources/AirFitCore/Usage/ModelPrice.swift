import Foundation

/// A model's list price in US dollars per million tokens.
public struct ModelPrice: Codable, Sendable, Equatable {
    /// Dollars per million input tokens.
    public var input: Double
    /// Dollars per million output tokens.
    public var output: Double
    /// Dollars per million cached input tokens; nil means the input price.
    public var cachedInput: Double?

    /// Creates a price.
    public init(input: Double, output: Double, cachedInput: Double? = nil) {
        self.input = input
        self.output = output
        self.cachedInput = cachedInput
    }

    /// The highest price per million tokens a table may hold.
    public static let maximum: Double = 10_000

    /// Free: local models.
    public static let free = ModelPrice(input: 0, output: 0)
}
