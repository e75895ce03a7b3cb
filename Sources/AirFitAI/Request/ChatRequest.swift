import Foundation

/// A provider-neutral chat completion request.
public struct ChatRequest: Sendable, Hashable {
    /// The model id; `nil` uses the provider's default model.
    public var model: String?
    /// Instructions placed before the conversation.
    public var systemPrompt: String?
    /// The conversation, oldest first.
    public var messages: [ChatMessage]
    /// Tools the model may call.
    public var tools: [ToolDefinition]
    /// Sampling temperature, 0–2 (Anthropic accepts 0–1); `nil` uses the provider's default.
    public var temperature: Double?
    /// Largest number of output tokens; `nil` uses the catalog's default for the provider.
    public var maxTokens: Int?

    /// Creates a request.
    public init(
        model: String? = nil, systemPrompt: String? = nil, messages: [ChatMessage], tools: [ToolDefinition] = [],
        temperature: Double? = nil, maxTokens: Int? = nil
    ) {
        self.model = model
        self.systemPrompt = systemPrompt
        self.messages = messages
        self.tools = tools
        self.temperature = temperature
        self.maxTokens = maxTokens
    }

    /// Checks the request against a provider's limits.
    /// - Throws: ``ServiceError/invalidConfiguration(_:)`` naming the field and the allowed range.
    public func validate(for info: AIProviderInfo) throws(ServiceError) {
        if messages.isEmpty {
            throw .invalidConfiguration("the conversation is empty; add at least one message")
        }
        if let model, model.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .invalidConfiguration("the model name is empty")
        }
        if let temperature {
            guard temperature.isFinite, temperature >= 0, temperature <= info.maxTemperature else {
                throw .invalidConfiguration(
                    "temperature \(temperature) is outside 0–\(Self.format(info.maxTemperature)) for \(info.displayName)")
            }
        }
        if let maxTokens {
            let limit = info.maxOutputTokens(model: resolvedModel(info))
            guard maxTokens >= 1, maxTokens <= limit else {
                throw .invalidConfiguration(
                    "max tokens \(maxTokens) is outside 1–\(limit) for \(info.displayName) \(resolvedModel(info))")
            }
        }
        var names = Set<String>()
        for tool in tools {
            guard Self.isValidToolName(tool.name) else {
                throw .invalidConfiguration(
                    "tool name \"\(tool.name)\" must be 1–64 letters, digits, underscores or hyphens")
            }
            guard names.insert(tool.name).inserted else {
                throw .invalidConfiguration("tool \"\(tool.name)\" is defined twice")
            }
            guard case .object = tool.parameters else {
                throw .invalidConfiguration("tool \"\(tool.name)\" parameters must be a JSON Schema object")
            }
        }
    }

    /// The model to use: the request's or else the provider's default.
    public func resolvedModel(_ info: AIProviderInfo) -> String {
        model ?? info.defaultModel
    }

    /// The output token limit to send: the request's, or else the catalog default.
    func resolvedMaxTokens(_ info: AIProviderInfo) -> Int {
        maxTokens ?? min(info.defaultMaxOutputTokens, info.maxOutputTokens(model: resolvedModel(info)))
    }

    private static func isValidToolName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || (48...57).contains(scalar.value) || scalar == "_" || scalar == "-")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
