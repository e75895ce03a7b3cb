public import Foundation

/// The exact body of one request sent to an AI provider for a person (never the key: keys travel in headers),
/// kept so Settings → Privacy can show what the coach sent.
public struct ProviderRequestRecord: Sendable, Equatable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var createdAt: Date
    /// Provider id (`openai`, …).
    public var provider: String
    /// The model asked.
    public var model: String
    /// The request body as sent (JSON).
    public var body: String

    /// How many requests are kept per person (older ones are deleted as new ones arrive).
    public static let keptPerPerson = 20

    /// Creates a record.
    public init(id: UUID = UUID(), userID: UUID, createdAt: Date, provider: String, model: String, body: String) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.provider = provider
        self.model = model
        self.body = body
    }
}

/// The last requests sent to a provider per person.
public protocol ProviderRequestLog: Sendable {
    /// Keeps `record`, dropping the person's oldest beyond ``ProviderRequestRecord/keptPerPerson``.
    func recordProviderRequest(_ record: ProviderRequestRecord) async throws
    /// The person's kept requests, newest first.
    func providerRequests(userID: UUID) async throws -> [ProviderRequestRecord]
}
