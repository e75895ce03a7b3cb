import AirFitAI
public import AirFitCore
import Foundation

/// "LLM call 1": turns a free-text aspiration into a ``StructuredGoal``.
///
/// The configured provider is asked for JSON; the answer is validated and, if unusable, asked for once more
/// with the problem named. With no provider, a failure, a timeout or a second bad answer, the goal is derived
/// locally (``LocalGoalAnalyzer``) and marked `source: .local`, so onboarding never waits on the network.
public struct GoalAnalyzer: Sendable {
    /// The goal types the model may answer with.
    public static let goalTypes = [
        "weight_loss", "strength", "endurance", "performance", "general_health", "recovery", "general_fitness", "body_composition",
        "mobility", "habit",
    ]

    /// The outcome of an analysis.
    public struct Result: Sendable, Equatable {
        /// The goal, with `source` `.llm` or `.local`.
        public var goal: StructuredGoal
        /// Model calls made (0 when no provider was available).
        public var attempts: Int
        /// Why the local analysis was used, when it was.
        public var fallbackReason: String?
    }

    let streamer: any ChatStreaming
    let timeout: Duration
    let log: (any ProviderRequestLog)?

    /// Creates an analyzer.
    /// - Parameters:
    ///   - timeout: the most one model call may take before the local analysis is used.
    ///   - log: where each request's body is kept for the person (Settings → Privacy).
    public init(streamer: any ChatStreaming, timeout: Duration = .seconds(20), log: (any ProviderRequestLog)? = nil) {
        self.streamer = streamer
        self.timeout = timeout
        self.log = log
    }

    /// Analyzes `text` with `selection`'s provider, or locally when `selection` is `nil`.
    public func analyze(_ text: String, selection: CoachModelSelection?) async -> Result {
        guard let selection else {
            return Result(goal: LocalGoalAnalyzer.analyze(text), attempts: 0, fallbackReason: "No AI provider is set up.")
        }
        var messages: [ChatMessage] = [.user(Self.question(text))]
        var reason = ""
        for attempt in 1...2 {
            let answer: String
            do {
                answer = try await ask(messages, selection: selection)
            } catch {
                return Result(goal: LocalGoalAnalyzer.analyze(text), attempts: attempt, fallbackReason: CoachEngine.reason(for: error))
            }
            switch Self.parse(answer) {
            case .success(var goal):
                goal.source = .llm
                return Result(goal: goal, attempts: attempt, fallbackReason: nil)
            case .failure(let problem):
                reason = problem.message
                messages += [
                    .assistant(text: answer),
                    .user("That answer could not be used: \(problem.message) Reply with only the JSON object described before."),
                ]
            }
        }
        return Result(
            goal: LocalGoalAnalyzer.analyze(text), attempts: 2, fallbackReason: "The model's answer was unusable twice: \(reason)")
    }

    private func ask(_ messages: [ChatMessage], selection: CoachModelSelection) async throws -> String {
        let request = selection.request(systemPrompt: Self.system, messages: messages, maxTokens: 400)
        return try await selection.answer(request, through: streamer, purpose: .goalAnalysis, timeout: timeout, log: log)
    }

    static let system = """
        You turn a person's fitness aspiration into structured data for their coach. \
        Reply with only one JSON object, no prose and no code fences, with these keys: \
        "goalType" (one of \(goalTypes.joined(separator: ", "))), \
        "primaryMetric" (snake_case, what progress is measured by, e.g. body_weight, 5k_time, squat_1rm), \
        "timeframe" (string or null, as the person said it), "specificTarget" (string or null, e.g. "10 kg", "sub-25 minute 5k"), \
        "whyImportant" (string or null, in the person's words).
        """

    static func question(_ text: String) -> String {
        "The person's aspiration, in their words:\n\"\"\"\n\(text)\n\"\"\""
    }

    /// A problem with the model's answer.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Reads a goal from the model's answer: the first JSON object in it (code fences allowed), validated.
    static func parse(_ answer: String) -> Swift.Result<StructuredGoal, Problem> {
        guard let start = answer.firstIndex(of: "{"), let end = answer.lastIndex(of: "}"), start < end else {
            return .failure(Problem(message: "it contained no JSON object."))
        }
        let json = Data(answer[start...end].utf8)
        let goal: StructuredGoal
        do {
            goal = try JSONCoding.decoder.decode(StructuredGoal.self, from: json)
        } catch let error as DecodingError {
            return .failure(Problem(message: "the JSON did not match: \(error.readableDescription)"))
        } catch {
            return .failure(Problem(message: "the JSON was malformed."))
        }
        var cleaned = goal
        cleaned.goalType = goal.goalType.trimmingCharacters(in: .whitespaces).lowercased()
        cleaned.primaryMetric = goal.primaryMetric.trimmingCharacters(in: .whitespaces)
        guard goalTypes.contains(cleaned.goalType) else {
            return .failure(Problem(message: "goalType \"\(goal.goalType)\" is not one of \(goalTypes.joined(separator: ", "))."))
        }
        guard !cleaned.primaryMetric.isEmpty, cleaned.primaryMetric.count <= 80 else {
            return .failure(Problem(message: "primaryMetric must be a short non-empty name."))
        }
        for (name, value) in [
            ("timeframe", cleaned.timeframe), ("specificTarget", cleaned.specificTarget), ("whyImportant", cleaned.whyImportant),
        ] {
            if let value, value.count > 300 { return .failure(Problem(message: "\(name) is too long.")) }
        }
        cleaned.timeframe = cleaned.timeframe.flatMap(Self.nonBlank)
        cleaned.specificTarget = cleaned.specificTarget.flatMap(Self.nonBlank)
        cleaned.whyImportant = cleaned.whyImportant.flatMap(Self.nonBlank)
        return .success(cleaned)
    }

    private static func nonBlank(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.lowercased() == "null" ? nil : trimmed
    }
}
