/// Changing the sign-in address (the spec's `EmailChangeView`): `form → verificationSent`, or `ssoDisabled` for a
/// person without a password. The address changes only when the link sent to the new address is opened.
public enum EmailChangeFlow {
    /// What the page shows.
    public enum State: Sendable, Equatable {
        /// The person signs in only through a linked provider: their address is the provider's.
        case ssoDisabled
        /// The form, with the address as typed and any problems.
        case form(email: String, problems: [String])
        /// The link went to the new address (shown masked).
        case verificationSent(to: String)
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        /// The page was opened.
        case open(hasPassword: Bool, typed: String)
        /// The form was sent with `email`; `current` is the account's address, `taken` whether another member uses it.
        case submit(email: String, current: String, hasPassword: Bool, taken: Bool)
        /// The per-account or per-address limit refused the attempt.
        case limited(email: String, message: String)
    }

    /// What the controller must do.
    public enum Action: Sendable, Equatable {
        /// Revoke older change links, make a verification link for `newEmail` and a cancel link, send both mails,
        /// log the request.
        case sendVerification(newEmail: String)
    }

    /// The state and actions after `event`.
    public static func handle(_ event: Event) -> (State, [Action]) {
        switch event {
        case .open(let hasPassword, let typed):
            return (hasPassword ? .form(email: typed, problems: []) : .ssoDisabled, [])
        case .limited(let email, let message):
            return (.form(email: email, problems: [message]), [])
        case .submit(let email, let current, let hasPassword, let taken):
            guard hasPassword else { return (.ssoDisabled, []) }
            let normalized = Account.normalize(email: email)
            if let problem = EmailRule.problem(normalized) { return (.form(email: email, problems: [problem]), []) }
            if normalized == Account.normalize(email: current) {
                return (.form(email: email, problems: ["That is already your address."]), [])
            }
            // Said the same way whoever has it, so the page does not tell whose address it is.
            if taken { return (.form(email: email, problems: ["That address can't be used. Choose another."]), []) }
            return (.verificationSent(to: MemberRules.maskedEmail(normalized)), [.sendVerification(newEmail: normalized)])
        }
    }
}
