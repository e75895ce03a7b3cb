import AirFitCore
import Foundation
import Testing

@Suite("Price table")
struct PriceTableTests {
    @Test(
        "A model is priced by its exact entry, else the longest prefix entry, else the provider's *",
        arguments: [
            ("openai", "gpt-4o", 2.5),
            ("openai", "gpt-4o-2024-08-06", 2.5),
            ("openai", "gpt-4o-mini", 0.15),
            ("openai", "gpt-4o-mini-2024-07-18", 0.15),
            ("openai", "gpt-4.1-nano-2025-04-14", 0.1),
            ("OpenAI", "GPT-4.1-MINI", 0.4),
            ("openai", "o3-pro", 20),
            ("anthropic", "claude-sonnet-4-5-20250929", 3),
            ("anthropic", "claude-opus-4-1-20250805", 15),
            ("anthropic", "claude-opus-4-5", 5),
            ("gemini", "gemini-2.5-flash-preview-05-20", 0.3),
            ("gemini", "gemini-2.5-flash-lite", 0.1),
            ("ollama", "llama3.2:latest", 0),
            ("openrouter", "openai/gpt-4o-mini", 0.15),
            ("openrouter", "anthropic/claude-sonnet-4.5", 3),
            ("openrouter", "google/gemini-2.5-flash", 0.3),
            ("openrouter", "meta-llama/llama-3.3-70b-instruct:free", 0),
        ] as [(String, String, Double)]
    )
    func lookup(provider: String, model: String, input: Double) {
        #expect(PriceTable.shipped.price(provider: provider, model: model)?.input == input)
    }

    @Test(
        "No price for unknown models, and a prefix only counts at a separator",
        arguments: [
            ("openai", "gpt-4"), ("openai", "gpt-4o3"), ("custom", "anything"), ("openrouter", "mistralai/mistral-large"),
            ("openrouter", "gpt-4o"), ("anthropic", "claude-sonnet-45"),
        ]
    )
    func unknown(provider: String, model: String) {
        #expect(PriceTable.shipped.price(provider: provider, model: model) == nil)
    }

    @Test("Cost: cached input at the cached price, the rest of the input and the output at theirs, rounded half up")
    func cost() {
        let table = PriceTable(prices: [
            "p": ["m": ModelPrice(input: 2.5, output: 10, cachedInput: 1.25), "n": ModelPrice(input: 0.15, output: 0.6)]
        ])
        // 800 × 2.5 + 200 × 1.25 + 500 × 10 = 2000 + 250 + 5000 micro-dollars.
        #expect(table.cost(TokenCounts(input: 1_000, output: 500, cachedInput: 200), provider: "p", model: "m") == 7_250)
        // No cached price: cached tokens cost the input price. 3 × 0.15 = 0.45 → 0; 10 × 0.15 = 1.5 → 2 (half up).
        #expect(table.cost(TokenCounts(input: 3, output: 0, cachedInput: 3), provider: "p", model: "n") == 0)
        #expect(table.cost(TokenCounts(input: 10, output: 0), provider: "p", model: "n") == 2)
        #expect(table.cost(TokenCounts(input: 0, output: 5), provider: "p", model: "n") == 3)
        #expect(table.cost(TokenCounts(input: 1, output: 0), provider: "p", model: "zzz") == nil)
        // A million tokens of gpt-4o in and out is $12.50.
        #expect(
            PriceTable.shipped.cost(TokenCounts(input: 1_000_000, output: 1_000_000), provider: "openai", model: "gpt-4o") == 12_500_000)
        #expect(PriceTable.shipped.cost(TokenCounts(input: 5_000, output: 9_000), provider: "ollama", model: "qwen3") == 0)
    }

    @Test("A cost too large for 64 bits, or a price out of range, is no cost rather than a crash")
    func costRange() {
        let huge = PriceTable(prices: ["p": ["m": ModelPrice(input: 10_000, output: 10_000)]])
        #expect(huge.cost(TokenCounts(input: .max, output: .max), provider: "p", model: "m") == nil)
        let broken = PriceTable(prices: ["p": ["nan": ModelPrice(input: .nan, output: 1), "neg": ModelPrice(input: -1, output: 1)]])
        #expect(broken.cost(TokenCounts(input: 1, output: 1), provider: "p", model: "nan") == nil)
        #expect(broken.cost(TokenCounts(input: 1, output: 1), provider: "p", model: "neg") == nil)
        // Negative counts from a provider are read as zero.
        #expect(huge.cost(TokenCounts(input: -5, output: 1), provider: "p", model: "m") == 10_000)
    }

    @Test("An override file adds and replaces entries, and its * prices a provider's other models")
    func override() throws {
        let json = #"""
            {"openai": {"gpt-4o": {"input": 1, "output": 2}, "my-model": {"input": 3, "output": 4, "cachedInput": 0.5}},
             "custom": {"*": {"input": 0.2, "output": 0.4}}}
            """#
        let override = try PriceTable(json: Array(json.utf8))
        let merged = PriceTable.shipped.merging(override)
        #expect(merged.price(provider: "openai", model: "gpt-4o-2024-08-06") == ModelPrice(input: 1, output: 2))
        #expect(merged.price(provider: "openai", model: "my-model") == ModelPrice(input: 3, output: 4, cachedInput: 0.5))
        #expect(merged.price(provider: "openai", model: "gpt-4o-mini")?.input == 0.15)
        #expect(merged.price(provider: "custom", model: "whatever")?.output == 0.4)
        #expect(merged.price(provider: "anthropic", model: "claude-haiku-4-5")?.input == 1)
        #expect(PriceTable.shipped.price(provider: "custom", model: "whatever") == nil)
    }

    @Test(
        "A bad override file is refused with a message naming the entry",
        arguments: [
            (#"{"openai": {"gpt-4o": {"input": -1, "output": 2}}}"#, "openai/gpt-4o", "\"input\""),
            (#"{"openai": {"gpt-4o": {"input": 1, "output": 10001}}}"#, "openai/gpt-4o", "\"output\""),
            (#"{"openai": {"gpt-4o": {"input": 1}}}"#, "openai/gpt-4o", "\"output\""),
            (#"{"openai": {"x": {"input": "2", "output": 2}}}"#, "openai/x", "\"input\""),
            (#"{"openai": {"x": {"input": true, "output": 2}}}"#, "openai/x", "\"input\""),
            (#"{"openai": {"x": {"input": 1, "output": 2, "cachedInput": null}}}"#, "openai/x", "\"cachedInput\""),
            (#"{"openai": {"x": {"input": 1, "output": 2, "cached_input": 1}}}"#, "openai/x", "\"cached_input\""),
            (#"{"openai": {"x": {"input": 1e400, "output": 2}}}"#, "", ""),
            (#"["openai"]"#, "", "can't be read"),
            ("not json", "", "can't be read"),
        ]
    )
    func badOverride(json: String, entry: String, mentions: String) {
        let error = #expect(throws: PriceTableError.self) { try PriceTable(json: Array(json.utf8)) }
        let message = error?.errorDescription ?? ""
        #expect(!message.isEmpty)
        // Empty: whatever the platform's JSON reader makes of the number, it is refused.
        if !entry.isEmpty { #expect(message.contains(entry), "\(message)") }
        if !mentions.isEmpty { #expect(message.contains(mentions), "\(message)") }
    }

    @Test("An override file larger than 1 MB is refused before it is parsed")
    func tooLarge() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: PriceTable.maximumFileBytes + 1)
        #expect(throws: PriceTableError.tooLarge) { try PriceTable(json: bytes) }
    }

    @Test("Every shipped price is a number from 0 to 10,000, and the catalog's default models are priced")
    func shippedIsSane() {
        for (_, models) in PriceTable.shipped.prices {
            for (_, price) in models {
                for value in [price.input, price.output, price.cachedInput ?? 0] {
                    #expect(value.isFinite && value >= 0 && value <= 10_000)
                }
            }
        }
        for (provider, model) in [
            ("openai", "gpt-4o-mini"), ("anthropic", "claude-sonnet-4-5"), ("gemini", "gemini-2.5-flash"),
            ("openrouter", "openai/gpt-4o-mini"), ("ollama", "llama3.2"),
        ] {
            #expect(PriceTable.shipped.price(provider: provider, model: model) != nil, "\(provider) \(model)")
        }
    }

    @Test(
        "Token estimates are a quarter of the characters, rounded up, and marked", arguments: [(0, 0), (1, 1), (4, 1), (5, 2), (400, 100)])
    func estimate(characters: Int, tokens: Int) {
        let counts = TokenCounts.estimate(inputCharacters: characters, outputCharacters: characters * 2)
        #expect(counts.input == tokens)
        #expect(counts.output == (characters * 2 + 3) / 4)
        #expect(counts.estimated)
        #expect(counts.total == counts.input + counts.output)
        #expect(TokenCounts.estimate(inputCharacters: -3, outputCharacters: 0).input == 0)
    }
}
