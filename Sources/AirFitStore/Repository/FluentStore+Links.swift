public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

/// A `one_time_links` row.
struct OneTimeLinkRow: Codable {
    static let columns = "id, purpose, token_hash, account_id, payload, sent_to, created_at, expires_at, used_at"

    var id: UUID
    var purpose: String
    var tokenHash: String
    var accountID: UUID
    var payload: String
    var sentTo: String?
    var createdAt: Double
    var expiresAt: Double
    var usedAt: Double?

    enum CodingKeys: String, CodingKey {
        case id, purpose, payload
        case tokenHash = "token_hash", accountID = "account_id", sentTo = "sent_to", createdAt = "created_at"
        case expiresAt = "expires_at", usedAt = "used_at"
    }

    init(_ link: OneTimeLink) {
        id = link.id
        purpose = link.purpose.rawValue
        tokenHash = link.tokenHash
        accountID = link.accountID
        payload = link.payload
        sentTo = link.sentTo
        createdAt = link.createdAt.timeIntervalSince1970
        expiresAt = link.expiresAt.timeIntervalSince1970
        usedAt = link.usedAt?.timeIntervalSince1970
    }

    func domain() throws -> OneTimeLink {
        guard let purpose = OneTimeLink.Purpose(rawValue: purpose) else {
            throw RepositoryError.invalid("A link row has an unknown purpose.")
        }
        var link = OneTimeLink(
            id: id, purpose: purpose, tokenHash: tokenHash, accountID: accountID, payload: payload, sentTo: sentTo,
            createdAt: Date(timeIntervalSince1970: createdAt), usedAt: usedAt.map { Date(timeIntervalSince1970: $0) })
        link.expiresAt = Date(timeIntervalSince1970: expiresAt)
        return link
    }
}

extension FluentStore: OneTimeLinkRepository {
    public func createLink(_ link: OneTimeLink) async throws {
        try await mapped("A link with this id or token") {
            try await database.sql.insert(into: AddMembers.linksSchema).model(OneTimeLinkRow(link)).run()
        }
    }

    public func link(tokenHash: String, purpose: OneTimeLink.Purpose) async throws -> OneTimeLink? {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: OneTimeLinkRow.columns) FROM one_time_links WHERE token_hash = \(bind: tokenHash) \
            AND purpose = \(bind: purpose.rawValue) LIMIT 1
            """
        ).first(decoding: OneTimeLinkRow.self)?.domain()
    }

    /// One conditional UPDATE: only an unused, unexpired row changes, so two parallel uses cannot both win.
    public func useLink(id: UUID, now: Date) async throws -> Bool {
        let used = try await database.sql.raw(
            """
            UPDATE one_time_links SET used_at = \(bind: now.timeIntervalSince1970) WHERE id = \(bind: id) \
            AND used_at IS NULL AND expires_at > \(bind: now.timeIntervalSince1970) RETURNING id
            """
        ).first()
        return used != nil
    }

    public func links(accountID: UUID, purpose: OneTimeLink.Purpose) async throws -> [OneTimeLink] {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: OneTimeLinkRow.columns) FROM one_time_links WHERE account_id = \(bind: accountID) \
            AND purpose = \(bind: purpose.rawValue) ORDER BY created_at DESC
            """
        ).all(decoding: OneTimeLinkRow.self).map { try $0.domain() }
    }

    @discardableResult
    public func revokeLinks(accountID: UUID, purpose: OneTimeLink.Purpose, now: Date) async throws -> Int {
        try await database.sql.raw(
            """
            UPDATE one_time_links SET used_at = \(bind: now.timeIntervalSince1970) WHERE account_id = \(bind: accountID) \
            AND purpose = \(bind: purpose.rawValue) AND used_at IS NULL AND expires_at > \(bind: now.timeIntervalSince1970) \
            RETURNING id
            """
        ).all().count
    }

    @discardableResult
    public func deleteLinks(accountID: UUID) async throws -> Int {
        try await database.sql.raw("DELETE FROM one_time_links WHERE account_id = \(bind: accountID) RETURNING id").all().count
    }
}

/// A `security_events` row.
struct SecurityEventRow: Codable {
    static let columns = "id, account_id, kind, at, device"

    var id: UUID
    var accountID: UUID
    var kind: String
    var at: Double
    var device: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, at, device
        case accountID = "account_id"
    }
}

extension FluentStore: SecurityLogRepository {
    public func recordEvent(_ event: SecurityEvent) async throws {
        let row = SecurityEventRow(
            id: event.id, accountID: event.accountID, kind: event.kind.rawValue, at: event.at.timeIntervalSince1970,
            device: event.device)
        try await database.sql.insert(into: AddMembers.eventsSchema).model(row).run()
    }

    public func events(accountID: UUID, limit: Int) async throws -> [SecurityEvent] {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: SecurityEventRow.columns) FROM security_events WHERE account_id = \(bind: accountID) \
            ORDER BY at DESC LIMIT \(bind: max(0, limit))
            """
        ).all(decoding: SecurityEventRow.self).compactMap { row in
            SecurityEvent.Kind(rawValue: row.kind).map {
                SecurityEvent(id: row.id, accountID: row.accountID, kind: $0, at: Date(timeIntervalSince1970: row.at), device: row.device)
            }
        }
    }

    @discardableResult
    public func deleteEvents(accountID: UUID) async throws -> Int {
        try await database.sql.raw("DELETE FROM security_events WHERE account_id = \(bind: accountID) RETURNING id").all().count
    }
}
