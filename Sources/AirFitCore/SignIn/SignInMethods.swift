/// The ways a member can sign in, and the rules about removing them (the spec's provider-conditional UI): a person
/// always keeps at least one way in.
public struct SignInMethods: Sendable, Equatable {
    /// Whether the account has a password.
    public var hasPassword: Bool
    /// How many provider identities are linked.
    public var providers: Int
    /// How many passkeys are registered.
    public var passkeys: Int

    /// The methods of an account.
    public init(hasPassword: Bool, providers: Int, passkeys: Int) {
        self.hasPassword = hasPassword
        self.providers = providers
        self.passkeys = passkeys
    }

    /// How many separate ways in there are.
    public var count: Int { (hasPassword ? 1 : 0) + providers + passkeys }

    /// Whether one provider or passkey can go: something else still lets the person in. The unlink and remove
    /// buttons are hidden when this is false.
    public var canRemoveOne: Bool { count > 1 }

    /// Why removing one is refused, for a request that tries anyway.
    public static let lastWayInMessage =
        "This is your only way to sign in. Set a password, add a passkey or link another provider first."

    /// Email change needs a password: provider-only people see it disabled (their provider owns their address).
    public var canChangeEmail: Bool { hasPassword }

    /// The Security page's password row: "Change password", or "Set password" for a person without one.
    public var passwordLabel: String { hasPassword ? "Change password" : "Set password" }
}
