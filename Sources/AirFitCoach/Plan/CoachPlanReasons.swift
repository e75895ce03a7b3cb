import AirFitAI
public import AirFitCore
import Foundation

/// Words each recommendation's reason in the coach's voice: one sentence from the person's model, given the rules' plain
/// reason (``PlanChange/fallbackReason(in:units:)``) as the facts. The change itself is the rules'; the model only words it.
///
/// The plain reason is used instead — never an error — when the person has no usable provider, keeps what the reason
/// is made of out of requests (recent activity; their schedule, for a schedule change; their weight, for a goal change),
/// when the call fails or takes longer than `timeout`, and when the answer isn't one line of 1 to 300 characters.
public struct CoachPlanReasons: PlanReasonWriting {
    /// The longest reason used, in characters.
    public static let maximumLength = 300

    let model: CoachOneLine

    /// Creates the writer.
    /// - Parameters:
    ///   - repository: where the person's onboarding profile (the persona) is read.
    ///   - vault: the person's provider keys.
    ///   - timeout: the most one model call may take before the plain reason is used.
    ///   - log: where each request's body is kept for the person (Settings → Privacy).
    public init(
        repository: any AirFitRepository, vault: any SecretVault, streamer: any ChatStreaming, timeout: Duration = .seconds(8),
        log: (any ProviderRequestLog)? = nil
    ) {
        model = CoachOneLine(repository: repository, vault: vault, streamer: streamer, timeout: timeout, log: log)
    }

    public func reason(for change: PlanChange, in plan: TrainingPlan, user: User) async -> String {
        let fallback = change.fallbackReason(in: plan, units: user.preferredUnits)
        guard Self.mayShare(change.kind, policy: CoachContextPolicy(user: user)),
            let answer = await model.ask(
                user: user, instruction: Self.instruction, question: Self.question(fallback), maxTokens: 200, purpose: .planReason)
        else { return fallback }
        return Self.sentence(answer) ?? fallback
    }

    /// Whether the facts of a `kind` change may go to the model under `policy`: they come from the person's logged
    /// training; a schedule change also names their training days and times, and a goal change their goal weight
    /// (weight is never sent).
    static func mayShare(_ kind: PlanChange.Kind, policy: CoachContextPolicy) -> Bool {
        switch kind {
        case .goalPace: return false
        case .schedule: return policy.shares(.recentActivity) && policy.shares(.scheduleAndSleep)
        case .progression, .deload, .deloadReturn: return policy.shares(.recentActivity)
        }
    }

    /// What the system prompt adds for this request.
    static let instruction = """
        ## This request
        You are writing the reason shown on a suggested change to the person's training plan. The change is decided; \
        only explain it. Reply with exactly one sentence in your coaching voice, speaking to the person, keeping every \
        number and unit from the facts, under 40 words. No greeting, no list, no quotation marks.
        """

    /// The question: the plain reason as the facts.
    static func question(_ facts: String) -> String {
        "The facts of the change:\n\"\"\"\n\(facts)\n\"\"\"\nWrite the one-sentence reason."
    }

    /// The answer as the reason: trimmed (and unwrapped from quotation marks), one line of 1 to 300 characters; else nil.
    static func sentence(_ answer: String) -> String? {
        var text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        for (opening, closing) in [("\"", "\""), ("“", "”")] where text.count >= 2 && text.hasPrefix(opening) && text.hasSuffix(closing) {
            text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !text.isEmpty, text.count <= maximumLength,
            !text.unicodeScalars.contains(where: { CharacterSet.newlines.contains($0) || CharacterSet.controlCharacters.contains($0) })
        else { return nil }
        return text
    }
}
