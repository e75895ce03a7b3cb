/// The first-run form that creates the owner account.
struct SetupView: PageView {
    static let template = "setup"
    /// The email as typed (after a refusal).
    let email: String
}

/// The sign-in form.
struct SignInView: PageView {
    static let template = "signin"
    /// The email as typed (after a refusal).
    let email: String
    /// Shows "Create an account" (`AIRFIT_SIGNUP=open`).
    let canSignUp: Bool
}

/// "Welcome back": the app-lock password prompt.
struct UnlockView: PageView {
    static let template = "unlock"
    let email: String
    /// The same-origin path to return to.
    let next: String
    /// "1 minute", "15 minutes".
    let idle: String

    init(email: String, next: String, minutes: Int) {
        self.email = email
        self.next = next
        idle = minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
