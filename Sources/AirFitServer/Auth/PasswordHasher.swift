import HummingbirdBcrypt
import NIOPosix

/// bcrypt off the request's thread: hashing takes ~0.25 s at cost 12, too long to block an event loop.
struct PasswordHasher: Sendable {
    /// log2 of the rounds (4...31).
    let cost: UInt8

    /// The bcrypt hash of `password`.
    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` produces `hash`.
    func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
