import AirFitCore
import Crypto
import Foundation

/// Every password check of the app (sign-in, unlock) behind one gate: the attempt is counted first
/// (``SignInThrottle``, per account and client address), and an unknown account costs the same bcrypt work as a
/// known one, so timing does not tell which emails have accounts.
struct PasswordGate: Sendable {
    let attempts: any SignInAttemptRepository
    let hasher: PasswordHasher
    let dummy: DummyHash
    let now: @Sendable () -> Date

    /// What a password check came to.
    enum Outcome: Sendable, Equatable {
        case accepted
        case rejected
        /// Too many recent attempts from this address for this account; the message says how long to wait.
        case wait(String)
    }

    /// Counts the attempt, then checks `password` against `hash` (a dummy hash when there is no account).
    func check(_ password: String, hash: String?, email: String, address: String) async throws -> Outcome {
        let key = Self.key(email: email, address: address)
        let attempt = try await attempts.recordAttempt(key: key, now: now())
        if case .wait(let seconds) = SignInThrottle.decision(count: attempt.count, previous: attempt.previous, now: now()) {
            return .wait(SignInThrottle.message(waiting: seconds))
        }
        let checked: String
        if let hash { checked = hash } else { checked = try await dummy.value(hasher) }
        let matches = try await hasher.verify(password, hash: checked)
        guard matches, hash != nil else { return .rejected }
        try await attempts.resetAttempts(key: key)
        return .accepted
    }

    /// SHA-256 of account and address: neither is stored in the clear.
    static func key(email: String, address: String) -> String {
        SessionToken.hex(SHA256.hash(data: Data("sign-in:\(email)|\(address)".utf8)))
    }
}

/// A bcrypt hash of a random password at the app's cost, made once, checked when an email has no account.
actor DummyHash {
    private var hash: String?

    /// The hash (made on first use).
    func value(_ hasher: PasswordHasher) async throws -> String {
        if let hash { return hash }
        let made = try await hasher.hash(UUID().uuidString)
        hash = made
        return made
    }
}
