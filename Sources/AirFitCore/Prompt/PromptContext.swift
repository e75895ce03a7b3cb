public import Foundation

/// The live facts the system prompt includes, gathered by the caller (no I/O here).
public struct PromptContext: Sendable, Equatable {
    /// "Now", rendered in the user's time zone.
    public var now: Date
    /// One line about the weather at the user's saved location, when there is one.
    public var weather: String?
    /// Short lines summarising recent workouts, meals and daily logs.
    public var recentActivity: [String]
    /// The tools the coach may call.
    public var tools: [ToolDescription]

    /// Creates a context.
    public init(now: Date, weather: String? = nil, recentActivity: [String] = [], tools: [ToolDescription] = []) {
        self.now = now
        self.weather = weather
        self.recentActivity = recentActivity
        self.tools = tools
    }
}

/// A tool as the prompt describes it (its JSON Schema travels separately in the request).
public struct ToolDescription: Sendable, Equatable {
    public var name: String
    public var summary: String

    /// Creates a description.
    public init(name: String, summary: String) {
        self.name = name
        self.summary = summary
    }
}

/// A built system prompt with its size estimate.
public struct SystemPrompt: Sendable, Equatable {
    /// The full text.
    public var text: String
    /// Rough token count: characters / 4, rounded up.
    public var estimatedTokens: Int { (text.count + 3) / 4 }
    /// Above this many estimated tokens the prompt crowds out the conversation.
    public static let warningThreshold = 8_000
    /// A warning when the prompt is too large, else nil.
    public var warning: String? {
        estimatedTokens > Self.warningThreshold
            ? "The system prompt is about \(estimatedTokens) tokens (over \(Self.warningThreshold)); it leaves less room for the conversation."
            : nil
    }
}
