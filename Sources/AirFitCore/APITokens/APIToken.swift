public import Foundation

/// What a personal access token may do; a token carries one or more.
public enum APITokenScope: String, Codable, Sendable, CaseIterable, Comparable {
    /// Read the JSON API (`GET`).
    case read
    /// Change things through the JSON API (create, edit, delete).
    case write
    /// Talk to the coach through the JSON API's chat.
    case chat
    /// Use the OpenAI-compatible endpoint (`/v1/chat/completions`, `/v1/models`).
    case openai

    /// The name shown beside the checkbox.
    public var label: String {
        switch self {
        case .read: return "Read"
        case .write: return "Write"
        case .chat: return "Chat"
        case .openai: return "OpenAI-compatible"
        }
    }

    /// What the scope allows, in a sentence.
    public var summary: String {
        switch self {
        case .read: return "Read your profile, settings, logs, conversations and plan."
        case .write: return "Create, edit and delete logs; change settings and your plan."
        case .chat: return "Send messages to your coach and read the replies."
        case .openai: return "Use any OpenAI client with your own provider and key, or with your coach."
        }
    }

    public static func < (lhs: APITokenScope, rhs: APITokenScope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A personal access token of one member: what it is called and may do, never its secret (only the secret's hash is
/// stored, beside this record, by ``APITokenRepository``).
public struct APIToken: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var accountID: UUID
    /// The name the member gave it ("Shortcuts on my phone").
    public var name: String
    /// What it may do, in ``APITokenScope`` order.
    public var scopes: [APITokenScope]
    public var createdAt: Date
    /// When it stops working; `nil` never.
    public var expiresAt: Date?
    /// The last request it signed, to the minute.
    public var lastUsedAt: Date?

    /// Creates a token record.
    public init(
        id: UUID = UUID(), accountID: UUID, name: String, scopes: [APITokenScope], createdAt: Date, expiresAt: Date? = nil,
        lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.name = name
        self.scopes = Array(Set(scopes)).sorted()
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
    }

    /// Whether the token has stopped working at `date`.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { date >= $0 } ?? false
    }

    /// Whether the token may do what `scope` covers.
    public func allows(_ scope: APITokenScope) -> Bool { scopes.contains(scope) }

    /// How often a use is written back: a request within this many seconds of the last recorded use writes nothing.
    public static let useRecordingInterval: TimeInterval = 60
}

/// Reads and writes personal access tokens (records plus the SHA-256 of each secret; never a secret).
public protocol APITokenRepository: Sendable {
    /// Stores a new token under the hash of its secret; throws ``RepositoryError/conflict(_:)`` when the hash exists.
    func addAPIToken(_ token: APIToken, secretHash: String) async throws
    /// The token whose secret hashes to `secretHash`, expired or not (callers check ``APIToken/isExpired(at:)``).
    func apiToken(secretHash: String) async throws -> APIToken?
    /// A member's tokens, newest first.
    func apiTokens(accountID: UUID) async throws -> [APIToken]
    /// Records a use of token `id` at `date`.
    func recordAPITokenUse(id: UUID, at date: Date) async throws
    /// Revokes (deletes) one of `accountID`'s tokens; `false` when it is not theirs (or gone).
    func revokeAPIToken(id: UUID, accountID: UUID) async throws -> Bool
    /// Deletes every token of `accountID`; returns how many.
    @discardableResult
    func deleteAPITokens(accountID: UUID) async throws -> Int
}

/// Tokens held in memory, for tests and a server without a database.
public actor InMemoryAPITokenRepository: APITokenRepository {
    private var rows: [UUID: (token: APIToken, hash: String)] = [:]

    /// Creates an empty repository.
    public init() {}

    public func addAPIToken(_ token: APIToken, secretHash: String) throws {
        if rows[token.id] != nil || rows.values.contains(where: { $0.hash == secretHash }) {
            throw RepositoryError.conflict("This token")
        }
        rows[token.id] = (token, secretHash)
    }

    public func apiToken(secretHash: String) -> APIToken? {
        rows.values.first { $0.hash == secretHash }?.token
    }

    public func apiTokens(accountID: UUID) -> [APIToken] {
        rows.values.map(\.token).filter { $0.accountID == accountID }
            .sorted { ($0.createdAt, $0.id.uuidString) > ($1.createdAt, $1.id.uuidString) }
    }

    public func recordAPITokenUse(id: UUID, at date: Date) {
        rows[id]?.token.lastUsedAt = date
    }

    public func revokeAPIToken(id: UUID, accountID: UUID) -> Bool {
        guard rows[id]?.token.accountID == accountID else { return false }
        rows[id] = nil
        return true
    }

    public func deleteAPITokens(accountID: UUID) -> Int {
        let mine = rows.filter { $0.value.token.accountID == accountID }.map(\.key)
        for id in mine { rows[id] = nil }
        return mine.count
    }
}
