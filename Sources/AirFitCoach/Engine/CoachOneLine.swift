import AirFitAI
import AirFitCore
import Foundation

/// One short answer from a member's own model in their coach's voice: the persona's system prompt with a request's
/// instruction appended, one question, no tools; metered under `purpose` and logged for the member (Settings → Privacy).
///
/// `nil` — never an error — when the member has no usable provider, the prompt can't be built, the call fails or takes
/// longer than `timeout`. The writers that use it (plan reasons, notifications) keep their plain wording then.
struct CoachOneLine: Sendable {
    let repository: any AirFitRepository
    let vault: any SecretVault
    let streamer: any ChatStreaming
    let timeout: Duration
    let log: (any ProviderRequestLog)?

    /// The model's raw answer to `question`, or `nil`.
    func ask(user: User, instruction: String, question: String, maxTokens: Int, purpose: UsagePurpose) async -> String? {
        guard let selection = await CoachModelSelection.resolveIfAvailable(user: user, vault: vault) else { return nil }
        let persona = (try? await repository.onboardingProfile(userID: user.id)?.persona()) ?? CoachDefaults.persona
        guard let prompt = try? SystemPromptBuilder().build(user: user, persona: persona, context: PromptContext(now: Date())) else {
            return nil
        }
        let request = selection.request(systemPrompt: prompt.text + "\n" + instruction, messages: [.user(question)], maxTokens: maxTokens)
        return try? await selection.answer(request, through: streamer, purpose: purpose, timeout: timeout, log: log)
    }
}
