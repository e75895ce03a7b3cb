import Foundation

extension PriceTable {
    /// List prices (US dollars per million tokens, standard tier, prompts under 200k tokens) of the catalog's models and
    /// other common ones, as published by each provider in late 2025. An installation overrides them with a price file
    /// (``init(json:)`` and ``merging(_:)``) when they change.
    public static let shipped = PriceTable(prices: [
        "openai": [
            "gpt-4o": ModelPrice(input: 2.5, output: 10, cachedInput: 1.25),
            "gpt-4o-mini": ModelPrice(input: 0.15, output: 0.6, cachedInput: 0.075),
            "gpt-4.1": ModelPrice(input: 2, output: 8, cachedInput: 0.5),
            "gpt-4.1-mini": ModelPrice(input: 0.4, output: 1.6, cachedInput: 0.1),
            "gpt-4.1-nano": ModelPrice(input: 0.1, output: 0.4, cachedInput: 0.025),
            "gpt-5": ModelPrice(input: 1.25, output: 10, cachedInput: 0.125),
            "gpt-5-mini": ModelPrice(input: 0.25, output: 2, cachedInput: 0.025),
            "gpt-5-nano": ModelPrice(input: 0.05, output: 0.4, cachedInput: 0.005),
            "o3": ModelPrice(input: 2, output: 8, cachedInput: 0.5),
            "o3-mini": ModelPrice(input: 1.1, output: 4.4, cachedInput: 0.55),
            "o3-pro": ModelPrice(input: 20, output: 80),
            "o4-mini": ModelPrice(input: 1.1, output: 4.4, cachedInput: 0.275),
        ],
        "anthropic": [
            // Cached input is a cache read (a tenth of the input price).
            "claude-sonnet-4-5": ModelPrice(input: 3, output: 15, cachedInput: 0.3),
            "claude-sonnet-4": ModelPrice(input: 3, output: 15, cachedInput: 0.3),
            "claude-3-7-sonnet": ModelPrice(input: 3, output: 15, cachedInput: 0.3),
            "claude-haiku-4-5": ModelPrice(input: 1, output: 5, cachedInput: 0.1),
            "claude-3-5-haiku": ModelPrice(input: 0.8, output: 4, cachedInput: 0.08),
            "claude-opus-4-5": ModelPrice(input: 5, output: 25, cachedInput: 0.5),
            "claude-opus-4-1": ModelPrice(input: 15, output: 75, cachedInput: 1.5),
            "claude-opus-4": ModelPrice(input: 15, output: 75, cachedInput: 1.5),
        ],
        "gemini": [
            "gemini-2.5-pro": ModelPrice(input: 1.25, output: 10, cachedInput: 0.31),
            "gemini-2.5-flash": ModelPrice(input: 0.3, output: 2.5, cachedInput: 0.075),
            "gemini-2.5-flash-lite": ModelPrice(input: 0.1, output: 0.4, cachedInput: 0.025),
            "gemini-2.0-flash": ModelPrice(input: 0.1, output: 0.4, cachedInput: 0.025),
            "gemini-2.0-flash-lite": ModelPrice(input: 0.075, output: 0.3),
        ],
        "ollama": ["*": .free],
    ])
}
