import AirFitCore
import AirFitStore
import ArgumentParser

/// Whose data a command acts on: the owner (the oldest admin) unless `--user EMAIL` names another member.
struct PersonOptions: ParsableArguments {
    @Option(
        name: .customLong("user"),
        help: ArgumentHelp(
            "Act on this member's data instead of the owner's (`airfit members list` shows who is here).", valueName: "email"))
    var email: String?

    /// The person, created when they have no data yet; an unknown email fails with a message.
    func person(in context: StoreContext) async throws -> User {
        try await context.person(email: email)
    }

    /// The person if they have any data, without creating one; an unknown email fails with a message.
    func existingPerson(in context: StoreContext) async throws -> User? {
        try await context.existingPerson(email: email)
    }
}
