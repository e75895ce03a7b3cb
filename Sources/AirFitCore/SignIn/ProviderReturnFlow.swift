public import Foundation

/// What happens when a sign-in provider sends a person back with a verified identity: sign in, create an account,
/// link, confirm, or refuse with a message the person can act on. Decided here without I/O; the controller does it.
public enum ProviderReturnFlow {
    /// What the person started.
    public enum Purpose: Sendable, Equatable {
        /// Signing in from the sign-in page; `canSignUp` when a new account may be made (open sign-up, the first run,
        /// or an invite).
        case signIn(canSignUp: Bool)
        /// Linking the provider to this signed-in account.
        case link(accountID: UUID)
        /// Confirming it's them (re-authentication or unlocking) for this account.
        case confirm(accountID: UUID)
    }

    /// What the store knows about the identity the provider vouched for.
    public struct Facts: Sendable, Equatable {
        /// The provider's button name ("Google").
        public var providerName: String
        /// The member the identity (issuer + subject) is linked to, if any.
        public var identityOwner: UUID?
        /// The address the provider gave, if any.
        public var email: String?
        /// The member already using that address, if any.
        public var emailOwner: UUID?

        /// Creates the facts.
        public init(providerName: String, identityOwner: UUID?, email: String?, emailOwner: UUID?) {
            self.providerName = providerName
            self.identityOwner = identityOwner
            self.email = email
            self.emailOwner = emailOwner
        }
    }

    /// What to do.
    public enum Outcome: Sendable, Equatable {
        /// Start a session for this account.
        case signIn(accountID: UUID)
        /// Create a password-less account with this address, link the identity to it and sign in.
        case createAccount(email: String)
        /// Link the identity to this account.
        case link(accountID: UUID)
        /// The identity is already this person's: nothing to change.
        case alreadyLinked
        /// The person is confirmed: mark the session as recently proved (and unlock it).
        case confirmed
        /// Stop, and show this message.
        case refused(String)
    }

    /// The outcome for `purpose` given `facts`.
    public static func decide(_ purpose: Purpose, facts: Facts) -> Outcome {
        let name = facts.providerName
        switch purpose {
        case .signIn(let canSignUp):
            if let owner = facts.identityOwner { return .signIn(accountID: owner) }
            guard canSignUp else {
                return .refused(
                    "No AirFit account is linked to this \(name) account. Sign in another way and link \(name) in Settings → "
                        + "Security → Linked accounts, or ask an admin for an invite.")
            }
            guard let email = facts.email.map(Account.normalize(email:)), EmailRule.problem(email) == nil else {
                return .refused("\(name) didn't share an email address, and AirFit needs one. Sign up with email and a password instead.")
            }
            guard facts.emailOwner == nil else {
                return .refused(
                    "An AirFit account already uses the email address \(name) gave. Sign in with your password, then link \(name) "
                        + "in Settings → Security → Linked accounts.")
            }
            return .createAccount(email: email)
        case .link(let accountID):
            switch facts.identityOwner {
            case nil: return .link(accountID: accountID)
            case accountID: return .alreadyLinked
            default: return .refused("That \(name) account is already linked to another member.")
            }
        case .confirm(let accountID):
            guard facts.identityOwner == accountID else {
                return .refused("That \(name) account isn't linked to your AirFit account. Use the one you linked.")
            }
            return .confirmed
        }
    }
}
