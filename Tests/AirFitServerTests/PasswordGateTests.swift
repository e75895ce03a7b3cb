import AirFitCore
import Foundation
import Testing

@testable import AirFitServer

@Suite("Password checks")
struct PasswordGateTests {
    private func gate(_ attempts: any SignInAttemptRepository = InMemorySignInAttemptRepository()) -> PasswordGate {
        PasswordGate(attempts: attempts, hasher: PasswordHasher(cost: 4), dummy: DummyHash(), now: { Date() })
    }

    @Test("A stranger's guesses from one address never lock the owner out from another")
    func perAddress() async throws {
        let gate = gate()
        let hash = try await PasswordHasher(cost: 4).hash("correct horse battery")
        for _ in 0..<8 { _ = try await gate.check("guess", hash: hash, email: "owner@example.com", address: "203.0.113.9") }
        if case .wait = try await gate.check("correct horse battery", hash: hash, email: "owner@example.com", address: "203.0.113.9") {
        } else {
            Issue.record("the guessing address was not slowed down")
        }
        #expect(try await gate.check("correct horse battery", hash: hash, email: "owner@example.com", address: "198.51.100.7") == .accepted)
    }

    @Test("An email without an account is checked against a dummy hash and rejected, like a wrong password")
    func unknownEmail() async throws {
        let gate = gate()
        #expect(try await gate.check("anything", hash: nil, email: "nobody@example.com", address: "198.51.100.7") == .rejected)
        #expect(PasswordGate.key(email: "owner@example.com", address: "1.2.3.4").count == 64)
        #expect(!PasswordGate.key(email: "owner@example.com", address: "1.2.3.4").contains("owner"))
    }
}
