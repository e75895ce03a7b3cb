import AirFitCore
import Foundation
import Testing

@Suite("API token rules")
struct APITokenRequestTests {
    static let existing = [APIToken(accountID: UUID(), name: "Laptop", scopes: [.read], createdAt: Date(timeIntervalSince1970: 0))]

    @Test(
        "A token needs a name of its own, a known scope and a listed lifetime; the message says what to change",
        arguments: [
            ("  ", ["read"], "30", APITokenError.nameMissing),
            (String(repeating: "n", count: 61), ["read"], "30", .nameTooLong(limit: 60)),
            ("two\nlines", ["read"], "30", .nameInvalid),
            ("laptop", ["read"], "30", .nameTaken),
            ("Phone", [], "30", .noScope),
            ("Phone", ["admin"], "30", .unknownScope),
            ("Phone", ["read"], "14", .unknownLifetime),
        ])
    func refused(name: String, scopes: [String], lifetime: String, error: APITokenError) {
        #expect(throws: error) { try APITokenRequest.validated(name: name, scopes: scopes, lifetime: lifetime, existing: Self.existing) }
        #expect(error.errorDescription?.isEmpty == false)
    }

    @Test("A valid request is trimmed, its scopes deduplicated in order, and its expiry counted from creation")
    func accepted() throws {
        let request = try APITokenRequest.validated(
            name: "  Phone ", scopes: ["openai", "read", "openai"], lifetime: "7", existing: Self.existing)
        #expect(request.name == "Phone" && request.scopes == [.read, .openai] && request.lifetime == .week)
        let start = Date(timeIntervalSince1970: 1_000)
        #expect(request.lifetime.expiry(from: start) == start.addingTimeInterval(7 * 86_400))
        #expect(APITokenLifetime.never.expiry(from: start) == nil)
    }

    @Test("A member holds at most 25 tokens")
    func limit() {
        let many = (0..<25).map { APIToken(accountID: UUID(), name: "t\($0)", scopes: [.read], createdAt: Date()) }
        #expect(throws: APITokenError.tooMany(limit: 25)) {
            try APITokenRequest.validated(name: "one more", scopes: ["read"], lifetime: "never", existing: many)
        }
    }

    @Test("A token expires at its expiry, not before; one without expiry never does")
    func expiry() {
        let token = APIToken(
            accountID: UUID(), name: "x", scopes: [.chat], createdAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 100))
        #expect(!token.isExpired(at: Date(timeIntervalSince1970: 99.9)) && token.isExpired(at: Date(timeIntervalSince1970: 100)))
        #expect(!APIToken(accountID: UUID(), name: "y", scopes: [.read], createdAt: Date()).isExpired(at: .distantFuture))
        #expect(token.allows(.chat) && !token.allows(.read))
    }
}
