/// Confirming who you are before a sensitive change (the spec's `ReauthenticationView`): the password, a passkey or a
/// linked provider (whichever the person has), then back to the change.
public enum ReauthenticationFlow {
    /// What the page shows.
    public enum State: Sendable, Equatable {
        case form(problems: [String])
        /// No password to confirm with: the person uses a passkey or a linked provider.
        case noPassword
        /// Confirmed: return to `next`.
        case confirmed(next: String)
    }

    /// The outcome of the password check (counted by the sign-in limit).
    public enum Check: Sendable, Equatable {
        case accepted, rejected
        case wait(String)
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        case open(hasPassword: Bool)
        case submit(Check, next: String)
        /// A passkey or a linked provider (with a fresh `auth_time`) confirmed the person.
        case proved(next: String)
    }

    /// What the controller must do.
    public enum Action: Sendable, Equatable {
        /// Mark the session as proved now and log it.
        case markRecent
    }

    /// The state and actions after `event`.
    public static func handle(_ event: Event) -> (State, [Action]) {
        switch event {
        case .open(let hasPassword): return (hasPassword ? .form(problems: []) : .noPassword, [])
        case .submit(.accepted, let next): return (.confirmed(next: next), [.markRecent])
        case .submit(.rejected, _): return (.form(problems: ["That password is not right."]), [])
        case .submit(.wait(let message), _): return (.form(problems: [message]), [])
        case .proved(let next): return (.confirmed(next: next), [.markRecent])
        }
    }
}
