import Foundation

/// Model prices by provider and model, used to put a cost on every call in the usage ledger.
///
/// A model id matches its entry exactly or, failing that, the longest entry that is a prefix of it followed by `-`,
/// `:`, `@` or `_` (so the dated snapshot `gpt-4o-2024-08-06` costs what `gpt-4o` costs); a provider's `*` entry
/// prices every other model of it (Ollama's are free). OpenRouter ids (`vendor/model`) use the vendor's own entry
/// (`google` is Gemini's), with OpenRouter's dotted versions read as dashes (`claude-sonnet-4.5` is `claude-sonnet-4-5`),
/// unless the table has an `openrouter` entry for them; `:free` models cost nothing. Ids compare case-insensitively.
public struct PriceTable: Sendable, Equatable {
    /// Provider id → model id (or `*`) → price, all keys lowercased.
    public let prices: [String: [String: ModelPrice]]

    /// A table of these prices (keys are lowercased; prices are used as given, so check them first).
    public init(prices: [String: [String: ModelPrice]]) {
        var lowered: [String: [String: ModelPrice]] = [:]
        for (provider, models) in prices {
            for (model, price) in models { lowered[provider.lowercased(), default: [:]][model.lowercased()] = price }
        }
        self.prices = lowered
    }

    /// The largest override file read.
    public static let maximumFileBytes = 1 << 20

    /// Reads an override file: a JSON object of providers, each an object of models, each a price in dollars per
    /// million tokens, for example
    ///
    ///     {"openai": {"gpt-4o": {"input": 2.5, "output": 10, "cachedInput": 1.25}},
    ///      "ollama": {"*": {"input": 0, "output": 0}}}
    ///
    /// `input` and `output` are required, `cachedInput` is optional (the input price when absent); every number must be
    /// from 0 to 10,000. Nothing else is accepted, and an error names the entry at fault.
    public init(json: some Collection<UInt8>) throws(PriceTableError) {
        guard json.count <= Self.maximumFileBytes else { throw .tooLarge }
        let raw: [String: [String: [String: PriceField]]]
        do {
            raw = try JSONDecoder().decode([String: [String: [String: PriceField]]].self, from: Data(json))
        } catch {
            throw .malformed("it is not a JSON object of providers, models and prices.")
        }
        var prices: [String: [String: ModelPrice]] = [:]
        for (provider, models) in raw {
            guard !provider.isEmpty else { throw .malformed("a provider's name is empty.") }
            for (model, fields) in models {
                guard !model.isEmpty else { throw .malformed("a model's name under \(provider) is empty.") }
                prices[provider, default: [:]][model] = try Self.price(fields, entry: "\(provider)/\(model)")
            }
        }
        self.init(prices: prices)
    }

    /// This table with every entry of `override` added, replacing the same provider and model here.
    public func merging(_ override: PriceTable) -> PriceTable {
        var merged = prices
        for (provider, models) in override.prices {
            merged[provider, default: [:]].merge(models) { _, new in new }
        }
        return PriceTable(prices: merged)
    }

    /// The price of `model` at `provider`, or nil when the table has none.
    public func price(provider: String, model: String) -> ModelPrice? {
        let provider = provider.lowercased()
        let model = model.lowercased()
        if let models = prices[provider], let price = Self.match(model, in: models) { return price }
        guard provider == "openrouter" else { return nil }
        if model.hasSuffix(":free") { return .free }
        guard let slash = model.firstIndex(of: "/") else { return nil }
        let vendor = String(model[..<slash])
        let id = String(model[model.index(after: slash)...])
        guard let models = prices[Self.openRouterVendors[vendor] ?? vendor] else { return nil }
        return Self.match(id, in: models) ?? Self.match(id.replacingOccurrences(of: ".", with: "-"), in: models)
    }

    /// The call's cost in US dollars × 1,000,000, rounded half up: cached input at the cached price, the rest of the
    /// input at the input price, output (reasoning included) at the output price. Nil when the model has no price, a
    /// price is not a number from 0 to 10,000, or the cost does not fit in 64 bits.
    public func cost(_ tokens: TokenCounts, provider: String, model: String) -> Int64? {
        guard let price = price(provider: provider, model: model) else { return nil }
        let counts = tokens.sanitized(limit: .max)
        guard let input = Self.scaled(price.input), let output = Self.scaled(price.output),
            let cached = Self.scaled(price.cachedInput ?? price.input)
        else { return nil }
        // Prices are held as millionths of a micro-dollar per token, so the sum is exact and rounds once.
        var sum: Int64 = 0
        for (count, rate) in [(counts.input - counts.cachedInput, input), (counts.cachedInput, cached), (counts.output, output)] {
            let (product, overflow) = Int64(count).multipliedReportingOverflow(by: rate)
            guard !overflow else { return nil }
            let (total, over) = sum.addingReportingOverflow(product)
            guard !over else { return nil }
            sum = total
        }
        return sum / 1_000_000 + (sum % 1_000_000 >= 500_000 ? 1 : 0)
    }

    /// OpenRouter vendors whose provider id here is another name.
    static let openRouterVendors = ["google": "gemini"]

    /// Characters that may follow a prefix entry in a longer model id.
    private static let boundaries: Set<Character> = ["-", ":", "@", "_"]

    private static func match(_ model: String, in models: [String: ModelPrice]) -> ModelPrice? {
        if let exact = models[model] { return exact }
        var best: (length: Int, price: ModelPrice)?
        for (key, price) in models where key != "*" && key.count < model.count && model.hasPrefix(key) {
            let next = model[model.index(model.startIndex, offsetBy: key.count)]
            guard boundaries.contains(next), key.count > best?.length ?? 0 else { continue }
            best = (key.count, price)
        }
        return best?.price ?? models["*"]
    }

    /// A price per million tokens as millionths of a micro-dollar per token, or nil when it is out of range.
    private static func scaled(_ price: Double) -> Int64? {
        guard price.isFinite, price >= 0, price <= ModelPrice.maximum else { return nil }
        return Int64((price * 1_000_000).rounded())
    }

    private static func price(_ fields: [String: PriceField], entry: String) throws(PriceTableError) -> ModelPrice {
        if let unknown = fields.keys.sorted().first(where: { !["input", "output", "cachedInput"].contains($0) }) {
            throw .malformed("the entry \(entry) has an unknown field \"\(unknown)\".")
        }
        func number(_ field: String, required: Bool) throws(PriceTableError) -> Double? {
            guard let value = fields[field] else {
                if required { throw .invalidPrice(entry: entry, field: field) }
                return nil
            }
            guard case .number(let number) = value, number.isFinite, number >= 0, number <= ModelPrice.maximum else {
                throw .invalidPrice(entry: entry, field: field)
            }
            return number
        }
        guard let input = try number("input", required: true), let output = try number("output", required: true) else {
            throw .invalidPrice(entry: entry, field: "input")
        }
        return ModelPrice(input: input, output: output, cachedInput: try number("cachedInput", required: false))
    }
}

/// One field of a price entry as read: a number, or something else (refused with the entry's name).
private enum PriceField: Decodable {
    case number(Double)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            _ = bool
            self = .other
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .other
        }
    }
}
