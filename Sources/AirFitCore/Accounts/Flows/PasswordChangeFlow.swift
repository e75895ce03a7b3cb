/// Changing or setting the password (the spec's `PasswordChangeView`): `form → success`. The current password is
/// needed when there is one; every other session is signed out afterwards.
public enum PasswordChangeFlow {
    /// What the page shows.
    public enum State: Sendable, Equatable {
        case form(problems: [String])
        case success
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        /// The form was sent. `currentAccepted` is whether the current password matched (`nil` when the person has none).
        case submit(currentAccepted: Bool?, new: String, confirmation: String, email: String)
        /// The password-check limit refused the attempt.
        case limited(String)
    }

    /// What the controller must do.
    public enum Action: Sendable, Equatable {
        /// Save the new password's hash, end every other session, log it.
        case savePassword(String)
    }

    /// The state and actions after `event`.
    public static func handle(_ event: Event) -> (State, [Action]) {
        switch event {
        case .limited(let message): return (.form(problems: [message]), [])
        case .submit(let currentAccepted, let new, let confirmation, let email):
            var problems: [String] = []
            if currentAccepted == false { problems.append("Your current password is not right.") }
            problems += PasswordPolicy.problems(new, email: email)
            if new != confirmation { problems.append("The two new passwords are different.") }
            guard problems.isEmpty else { return (.form(problems: problems), []) }
            return (.success, [.savePassword(new)])
        }
    }
}
