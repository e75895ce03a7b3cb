import Foundation

/// Deleting the account (the spec's `DeleteAccountView`): warning (what will go, counted) → re-authentication →
/// confirmation (type DELETE) → deletion.
public enum DeleteAccountFlow {
    /// The word to type.
    public static let confirmationWord = "DELETE"

    /// What the page shows.
    public enum State: Sendable, Equatable {
        /// What will be deleted; `blocker` explains why it cannot be yet (the last admin with other members).
        case warning(blocker: String?)
        /// The password is needed first.
        case reauthenticate
        case confirm(problems: [String])
        case deleted
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        case open(blocker: String?)
        /// "Continue" from the warning.
        case proceed(blocker: String?, recentlyAuthenticated: Bool)
        /// The confirmation form with what was typed.
        case confirm(typed: String, blocker: String?, recentlyAuthenticated: Bool)
    }

    /// What the controller must do.
    public enum Action: Sendable, Equatable {
        /// Delete everything of the account in one transaction and sign out.
        case deleteEverything
    }

    /// The state and actions after `event`.
    public static func handle(_ event: Event) -> (State, [Action]) {
        switch event {
        case .open(let blocker): return (.warning(blocker: blocker), [])
        case .proceed(let blocker, let recent):
            if blocker != nil { return (.warning(blocker: blocker), []) }
            return (recent ? .confirm(problems: []) : .reauthenticate, [])
        case .confirm(let typed, let blocker, let recent):
            if blocker != nil { return (.warning(blocker: blocker), []) }
            guard recent else { return (.reauthenticate, []) }
            guard typed.trimmingCharacters(in: .whitespaces) == confirmationWord else {
                return (.confirm(problems: ["Type \(confirmationWord) in capitals to confirm."]), [])
            }
            return (.deleted, [.deleteEverything])
        }
    }
}
