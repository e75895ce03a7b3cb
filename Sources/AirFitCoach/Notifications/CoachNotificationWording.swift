import AirFitAI
public import AirFitCore
import Foundation

/// Words each notification in the coach's voice: one short line from the member's own model (metered, recorded in
/// the usage ledger as `notification`), given the template's text as the facts.
///
/// The template's text stays — never an error — when the member has no usable provider, keeps what the message is
/// made of out of requests (their activity, for reminders, achievements and re-engagement), when the call fails or
/// takes longer than `timeout`, and when the answer isn't one line of 1 to 200 characters.
public struct CoachNotificationWording: NotificationWriting {
    /// The longest message used, in characters.
    public static let maximumLength = 200

    let model: CoachOneLine

    /// Creates the writer over the member's persona (`repository`), keys (`vault`) and metered model (`streamer`).
    public init(
        repository: any AirFitRepository, vault: any SecretVault, streamer: any ChatStreaming, timeout: Duration = .seconds(8),
        log: (any ProviderRequestLog)? = nil
    ) {
        model = CoachOneLine(repository: repository, vault: vault, streamer: streamer, timeout: timeout, log: log)
    }

    public func body(for notification: CoachNotification, member: NotificationMember) async -> String? {
        guard Self.mayShare(notification.category, policy: CoachContextPolicy(user: member.user)),
            let answer = await model.ask(
                user: member.user, instruction: Self.instruction, question: Self.question(notification), maxTokens: 120,
                purpose: .notification)
        else { return nil }
        return CoachPlanReasons.sentence(answer).flatMap { $0.count <= Self.maximumLength ? $0 : nil }
    }

    /// Whether a notification of `category` may be worded by the model under `policy`: reminders, achievements and
    /// re-engagement are made of the member's activity.
    static func mayShare(_ category: NotificationCategory, policy: CoachContextPolicy) -> Bool {
        switch category {
        case .workoutReminders, .achievements, .reEngagement, .mealLogging: policy.shares(.recentActivity)
        case .dailyCheckIn, .hydration, .recommendations: true
        case .emailDigest: false
        }
    }

    /// What the system prompt adds for this request.
    static let instruction = """
        ## This request
        You are writing a short phone notification to the person. Keep every fact, number and time from the draft. \
        Reply with one sentence in your coaching voice, under 25 words. No greeting, no emoji, no list, no quotation marks.
        """

    /// The question: the notification's title and template text as the facts.
    static func question(_ notification: CoachNotification) -> String {
        "The notification (\(notification.category.displayName)): \"\(notification.title)\"\nDraft:\n\"\"\"\n\(notification.body)\n\"\"\"\n"
            + "Write the one-sentence message."
    }
}
