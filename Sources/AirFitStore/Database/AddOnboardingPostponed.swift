import FluentKit

/// Adds `users.onboarding_postponed_at`: "Maybe later" at onboarding belongs to the person, not to one browser session,
/// so it survives signing out and in.
struct AddOnboardingPostponed: AsyncMigration {
    var name: String { "AirFit.AddOnboardingPostponed.v10" }

    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema).field("onboarding_postponed_at", .double).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).deleteField("onboarding_postponed_at").update()
    }
}
