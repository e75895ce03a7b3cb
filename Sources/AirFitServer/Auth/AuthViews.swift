/// The first-run form that creates the owner account.
struct SetupView: PageView {
    static let template = "setup"
    /// The email as typed (after a refusal).
    let email: String
    /// "Continue with …": the owner may sign up through a configured provider instead.
    let providers: [ProviderButton]
    let hasProviders: Bool

    init(email: String, providers: [ProviderButton]) {
        self.email = email
        self.providers = providers
        hasProviders = !providers.isEmpty
    }
}

/// The sign-in form.
struct SignInView: PageView {
    static let template = "signin"
    /// The email as typed (after a refusal).
    let email: String
    /// Shows "Create an account" (`AIRFIT_SIGNUP=open`).
    let canSignUp: Bool
    /// A button per configured provider.
    let providers: [ProviderButton]
    /// Whether there are provider buttons.
    let hasProviders: Bool
    /// Shows "Sign in with a passkey".
    let passkeys: Bool

    init(email: String, canSignUp: Bool, providers: [ProviderButton], passkeys: Bool) {
        self.email = email
        self.canSignUp = canSignUp
        self.providers = providers
        hasProviders = !providers.isEmpty
        self.passkeys = passkeys
    }
}

/// "Welcome back": the app-lock password prompt.
struct UnlockView: PageView {
    static let template = "unlock"
    /// The address signed in; `nil` for a person whose address their provider manages (Apple's private relay is
    /// never shown).
    let email: String?
    /// The same-origin path to return to.
    let next: String
    /// "1 minute", "15 minutes".
    let idle: String
    /// Shows the password form.
    let hasPassword: Bool
    /// Shows "Unlock with passkey" (Face ID on an iPhone).
    let passkey: Bool
    /// The person's linked providers.
    let providers: [ProviderButton]

    init(email: String?, next: String, minutes: Int, hasPassword: Bool, passkey: Bool, providers: [ProviderButton]) {
        self.email = email
        self.next = next
        idle = minutes == 1 ? "1 minute" : "\(minutes) minutes"
        self.hasPassword = hasPassword
        self.passkey = passkey
        self.providers = providers
    }
}
