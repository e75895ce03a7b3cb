import AirFitCore
import FluentKit
import Foundation

/// The `web_sessions` table: one row per browser session, found by the hash of its cookie token.
final class WebSessionModel: Model, @unchecked Sendable {
    static let schema = "web_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @OptionalField(key: "account_id") var accountID: UUID?
    @Field(key: "csrf_token") var csrfToken: String
    @Field(key: "skipped_onboarding") var skippedOnboarding: Bool
    @Field(key: "locked") var locked: Bool
    @Field(key: "created_at") var createdAt: Double
    @Field(key: "last_seen_at") var lastSeenAt: Double
    @Field(key: "expires_at") var expiresAt: Double
    @Field(key: "authenticated_at") var authenticatedAt: Double
    @OptionalField(key: "device") var device: String?

    init() {}

    init(_ session: WebSession) {
        id = session.id
        tokenHash = session.tokenHash
        update(from: session)
    }

    /// Copies every field but the id and token hash, which never change.
    func update(from session: WebSession) {
        accountID = session.accountID
        csrfToken = session.csrfToken
        skippedOnboarding = session.skippedOnboarding
        locked = session.isLocked
        createdAt = session.createdAt.timeIntervalSince1970
        lastSeenAt = session.lastSeenAt.timeIntervalSince1970
        expiresAt = session.expiresAt.timeIntervalSince1970
        authenticatedAt = session.authenticatedAt.timeIntervalSince1970
        device = session.device
    }

    /// The domain value.
    func domain() throws -> WebSession {
        WebSession(
            id: try requireID(), tokenHash: tokenHash, accountID: accountID, csrfToken: csrfToken,
            skippedOnboarding: skippedOnboarding, isLocked: locked, createdAt: Date(timeIntervalSince1970: createdAt),
            lastSeenAt: Date(timeIntervalSince1970: lastSeenAt), expiresAt: Date(timeIntervalSince1970: expiresAt),
            authenticatedAt: Date(timeIntervalSince1970: authenticatedAt), device: device)
    }
}

/// The `onboarding_drafts` table: a user's half-finished onboarding as a JSON document.
final class OnboardingDraftModel: Model, @unchecked Sendable {
    static let schema = "onboarding_drafts"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "draft") var draft: String
    @Field(key: "updated_at") var updatedAt: Double

    init() {}
}
