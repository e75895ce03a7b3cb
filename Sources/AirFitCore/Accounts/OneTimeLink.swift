public import Foundation

/// A single-use link sent to a person (by email, or shown to an admin for an invite): only the SHA-256 of its token
/// is stored, it expires, and it works once.
public struct OneTimeLink: Codable, Sendable, Equatable, Identifiable {
    /// What a link is for, and how long it lives.
    public enum Purpose: String, Codable, Sendable, CaseIterable {
        /// Joins the installation as a new member (created by an admin; 7 days).
        case invite
        /// Confirms a new email address (sent to the new address; 24 hours).
        case emailChange
        /// Cancels an email change (sent to the old address; 24 hours).
        case emailChangeCancel
        /// Sets a new password after "Forgot password" (1 hour).
        case passwordReset

        /// How long a link of this purpose works.
        public var lifetime: TimeInterval {
            switch self {
            case .invite: return 7 * 24 * 60 * 60
            case .emailChange, .emailChangeCancel: return 24 * 60 * 60
            case .passwordReset: return 60 * 60
            }
        }
    }

    public var id: UUID
    public var purpose: Purpose
    /// Lower-case hex SHA-256 of the token in the link; the token itself is only ever in the link.
    public var tokenHash: String
    /// Whose link it is: the invited-by admin for an invite, else the person it acts for.
    public var accountID: UUID
    /// What the link carries: the new address for an email change (and its cancel link), the role for an invite.
    public var payload: String
    /// The address an invite was sent to, if any (shown masked in the admin's list).
    public var sentTo: String?
    public var createdAt: Date
    public var expiresAt: Date
    /// When it was used (or cancelled); a used link never works again.
    public var usedAt: Date?

    /// Creates a link that expires after its purpose's lifetime.
    public init(
        id: UUID = UUID(), purpose: Purpose, tokenHash: String, accountID: UUID, payload: String = "", sentTo: String? = nil,
        createdAt: Date, usedAt: Date? = nil
    ) {
        self.id = id
        self.purpose = purpose
        self.tokenHash = tokenHash
        self.accountID = accountID
        self.payload = payload
        self.sentTo = sentTo
        self.createdAt = createdAt
        self.expiresAt = createdAt.addingTimeInterval(purpose.lifetime)
        self.usedAt = usedAt
    }

    /// Whether the link still works at `now`: unused and unexpired.
    public func isUsable(at now: Date) -> Bool { usedAt == nil && now < expiresAt }
}

/// Reads and writes single-use links.
public protocol OneTimeLinkRepository: Sendable {
    /// Inserts a link.
    func createLink(_ link: OneTimeLink) async throws
    /// The link of `purpose` whose token hashes to `tokenHash`, used or not (callers check ``OneTimeLink/isUsable(at:)``).
    func link(tokenHash: String, purpose: OneTimeLink.Purpose) async throws -> OneTimeLink?
    /// Marks the link used at `now` only if it is still usable, atomically: of two parallel uses exactly one gets
    /// `true`.
    func useLink(id: UUID, now: Date) async throws -> Bool
    /// The links of `purpose` made by or for `accountID`, newest first.
    func links(accountID: UUID, purpose: OneTimeLink.Purpose) async throws -> [OneTimeLink]
    /// Marks every usable link of `purpose` for `accountID` used (a newer one replaces them); returns how many.
    @discardableResult
    func revokeLinks(accountID: UUID, purpose: OneTimeLink.Purpose, now: Date) async throws -> Int
    /// Deletes every link of `accountID` (when the account goes); returns how many.
    @discardableResult
    func deleteLinks(accountID: UUID) async throws -> Int
}

/// Links held in memory, for tests and a server without a database.
public actor InMemoryOneTimeLinkRepository: OneTimeLinkRepository {
    private var links: [UUID: OneTimeLink] = [:]

    /// Creates an empty repository.
    public init() {}

    public func createLink(_ link: OneTimeLink) throws {
        if links[link.id] != nil || links.values.contains(where: { $0.tokenHash == link.tokenHash }) {
            throw RepositoryError.conflict("A link with this id or token")
        }
        links[link.id] = link
    }

    public func link(tokenHash: String, purpose: OneTimeLink.Purpose) -> OneTimeLink? {
        links.values.first { $0.tokenHash == tokenHash && $0.purpose == purpose }
    }

    public func useLink(id: UUID, now: Date) -> Bool {
        guard let link = links[id], link.isUsable(at: now) else { return false }
        links[id]?.usedAt = now
        return true
    }

    public func links(accountID: UUID, purpose: OneTimeLink.Purpose) -> [OneTimeLink] {
        links.values.filter { $0.accountID == accountID && $0.purpose == purpose }.sorted { $0.createdAt > $1.createdAt }
    }

    public func revokeLinks(accountID: UUID, purpose: OneTimeLink.Purpose, now: Date) -> Int {
        let ids = links.values.filter { $0.accountID == accountID && $0.purpose == purpose && $0.isUsable(at: now) }.map(\.id)
        for id in ids { links[id]?.usedAt = now }
        return ids.count
    }

    public func deleteLinks(accountID: UUID) -> Int {
        let ids = links.values.filter { $0.accountID == accountID }.map(\.id)
        for id in ids { links[id] = nil }
        return ids.count
    }
}
