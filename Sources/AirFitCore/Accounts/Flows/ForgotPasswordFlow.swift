/// "Forgot password" (the spec's `ForgotPasswordView`): `form → sent`, with "try again" back to the form. The
/// answer is the same whether or not an account has the address.
public enum ForgotPasswordFlow {
    /// What the page shows.
    public enum State: Sendable, Equatable {
        case form(email: String, problems: [String])
        /// "If an account uses this address, a link is on its way."
        case sent
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        case open
        case submit(email: String)
        case limited(email: String, message: String)
        case tryAgain
    }

    /// What the controller must do.
    public enum Action: Sendable, Equatable {
        /// When an account has `email`: a reset link (older ones revoked) by mail. Either way, nothing else differs.
        case sendResetIfAccount(email: String)
    }

    /// The state and actions after `event`.
    public static func handle(_ event: Event) -> (State, [Action]) {
        switch event {
        case .open, .tryAgain: return (.form(email: "", problems: []), [])
        case .limited(let email, let message): return (.form(email: email, problems: [message]), [])
        case .submit(let email):
            let normalized = Account.normalize(email: email)
            if let problem = EmailRule.problem(normalized) { return (.form(email: email, problems: [problem]), []) }
            return (.sent, [.sendResetIfAccount(email: normalized)])
        }
    }
}

/// Choosing a new password from a reset link: the link works once, within its hour, and using it signs out every
/// session.
public enum PasswordResetFlow {
    /// What the page shows.
    public enum State: Sendable, Equatable {
        /// Unknown, used or expired: all look the same.
        case invalidLink
        case form(problems: [String])
        case done
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        case open(linkUsable: Bool)
        case submit(linkUsable: Bool, password: String, confirmation: String, email: String)
        /// Another tab used the link between the check and the change.
        case linkTaken
    }

    /// What the controller must do.
    public enum Action: Sendable, Equatable {
        /// Use the link (atomically), save the new password's hash, end every session, log it.
        case resetPassword(String)
    }

    /// The state and actions after `event`.
    public static func handle(_ event: Event) -> (State, [Action]) {
        switch event {
        case .open(let usable): return (usable ? .form(problems: []) : .invalidLink, [])
        case .linkTaken: return (.invalidLink, [])
        case .submit(let usable, let password, let confirmation, let email):
            guard usable else { return (.invalidLink, []) }
            var problems = PasswordPolicy.problems(password, email: email)
            if password != confirmation { problems.append("The two new passwords are different.") }
            guard problems.isEmpty else { return (.form(problems: problems), []) }
            return (.done, [.resetPassword(password)])
        }
    }
}
