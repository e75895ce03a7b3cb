import AirFitCore

/// A request from a signed-in person: their session (with its CSRF token), account and settings.
struct SignedIn: Sendable {
    /// The session cookie's token.
    let token: String
    let session: WebSession
    let account: Account
    let user: User
}

/// Who is asking: nobody, a signed-in person whose app lock wants the password, or a signed-in person.
enum Visitor: Sendable {
    case signedOut
    case locked(SignedIn)
    case active(SignedIn)

    /// The session of a signed-in person, locked or not.
    var signedIn: SignedIn? {
        switch self {
        case .signedOut: return nil
        case .locked(let signed), .active(let signed): return signed
        }
    }
}
