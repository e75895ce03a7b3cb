/// Joining through an admin's invite link (or the open sign-up page): the link works once within 7 days; the new
/// member gets the invite's role and starts onboarding signed in.
public enum InviteFlow {
    /// What the sign-up page shows.
    public enum State: Sendable, Equatable {
        /// Unknown, used or expired link, or sign-up closed.
        case unavailable(String)
        case form(email: String, problems: [String])
        case joined
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        case open(available: Bool, policy: SignupPolicy)
        case submit(available: Bool, policy: SignupPolicy, email: String, password: String, taken: Bool)
    }

    /// What the controller must do.
    public enum Action: Sendable, Equatable {
        /// Use the invite (atomically; open sign-up has none), create the account and person, sign in, log it.
        case createAccount(email: String, password: String)
    }

    /// The messages of the sign-up page.
    public enum Message {
        public static let closed = "Sign-up is closed on this AirFit. Ask its admin for an invite."
        public static let invalid = "This invite link doesn't work any more: it was used, or it expired. Ask for a new one."
        public static let taken = "That address can't be used. Sign in instead, or choose another."
    }

    /// The state and actions after `event`. `available` is whether the invite link is usable (always `true` for open
    /// sign-up).
    public static func handle(_ event: Event) -> (State, [Action]) {
        switch event {
        case .open(let available, let policy):
            return (unavailableMessage(available, policy).map(State.unavailable) ?? .form(email: "", problems: []), [])
        case .submit(let available, let policy, let email, let password, let taken):
            if let message = unavailableMessage(available, policy) { return (.unavailable(message), []) }
            let normalized = Account.normalize(email: email)
            var problems = EmailRule.problem(normalized).map { [$0] } ?? []
            problems += PasswordPolicy.problems(password, email: normalized)
            if problems.isEmpty, taken { problems.append(Message.taken) }
            guard problems.isEmpty else { return (.form(email: email, problems: problems), []) }
            return (.joined, [.createAccount(email: normalized, password: password)])
        }
    }

    private static func unavailableMessage(_ available: Bool, _ policy: SignupPolicy) -> String? {
        if policy == .closed { return Message.closed }
        return available ? nil : Message.invalid
    }
}
