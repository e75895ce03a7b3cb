public import Foundation

/// Words the one-sentence reason a recommendation shows. The change itself is decided by the rules; the writer only
/// explains it (the coach's model in the persona's voice, or plain words when there is none).
public protocol PlanReasonWriting: Sendable {
    /// The reason for `change` to `plan`: one sentence, never empty.
    func reason(for change: PlanChange, in plan: TrainingPlan, user: User) async -> String
}

/// The plain, deterministic reasons (``PlanChange/fallbackReason(in:units:)``), for people without an AI provider.
public struct PlainPlanReasons: PlanReasonWriting {
    /// Creates the writer.
    public init() {}

    public func reason(for change: PlanChange, in plan: TrainingPlan, user: User) async -> String {
        change.fallbackReason(in: plan, units: user.preferredUnits)
    }
}

/// Saves the auto-pilot setting (a seam so a test can make the write fail and watch the page roll back).
public protocol AutopilotSettingWriting: Sendable {
    /// Saves the person's auto-pilot setting.
    func setAutopilot(_ isOn: Bool, userID: UUID) async throws
}

/// Saves auto-pilot on the person's row.
public struct UserAutopilotSetting: AutopilotSettingWriting {
    let users: any UserRepository

    /// Creates the writer.
    public init(users: any UserRepository) { self.users = users }

    public func setAutopilot(_ isOn: Bool, userID: UUID) async throws {
        guard let original = try await users.user(id: userID) else { throw RepositoryError.notFound("This account") }
        var edited = original
        edited.autopilotEnabled = isOn
        try await users.updateUser(edited, from: original)
    }
}

/// A writer that always fails: only for tests of the toggle's rollback (the server accepts it only in development).
public struct FailingAutopilotSetting: AutopilotSettingWriting {
    /// Creates the writer.
    public init() {}

    public func setAutopilot(_ isOn: Bool, userID: UUID) async throws {
        throw RepositoryError.unavailable("The setting could not be saved (the test store refuses writes).")
    }
}
