import Foundation

/// Deletes a whole account: the sign-in, every row of its person in every table, their stored secrets, sessions,
/// links and security log.
public protocol AccountErasing: Sendable {
    /// Deletes everything of `account` (one transaction where the store has them); returns rows deleted per table.
    func eraseAccount(_ account: Account) async throws -> [String: Int]
}

/// Account deletion over separate repositories, one after another (the in-memory installation has no transactions):
/// the person's data first, the sign-in last, so a failure leaves an account that can still sign in and retry.
public struct SequentialAccountEraser: AccountErasing {
    let data: any UserDataEraser
    let accounts: any AccountRepository
    let sessions: any WebSessionRepository
    let links: any OneTimeLinkRepository
    let log: any SecurityLogRepository
    let identities: any LinkedIdentityRepository
    let passkeys: any PasskeyRepository
    let challenges: any AuthChallengeRepository
    let tokens: (any APITokenRepository)?

    /// Erases through these repositories.
    public init(
        data: any UserDataEraser, accounts: any AccountRepository, sessions: any WebSessionRepository,
        links: any OneTimeLinkRepository, log: any SecurityLogRepository, identities: any LinkedIdentityRepository,
        passkeys: any PasskeyRepository, challenges: any AuthChallengeRepository, tokens: (any APITokenRepository)? = nil
    ) {
        self.tokens = tokens
        self.identities = identities
        self.passkeys = passkeys
        self.challenges = challenges
        self.data = data
        self.accounts = accounts
        self.sessions = sessions
        self.links = links
        self.log = log
    }

    public func eraseAccount(_ account: Account) async throws -> [String: Int] {
        var counts = try await data.deleteAllData(userID: account.userID)
        counts["web_sessions"] = try await sessions.deleteSessions(accountID: account.id, except: nil)
        counts["one_time_links"] = try await links.deleteLinks(accountID: account.id)
        counts["security_events"] = try await log.deleteEvents(accountID: account.id)
        counts["linked_identities"] = try await identities.deleteIdentities(accountID: account.id)
        counts["passkeys"] = try await passkeys.deletePasskeys(accountID: account.id)
        counts["auth_challenges"] = try await challenges.deleteChallenges(accountID: account.id)
        if let tokens { counts["api_tokens"] = try await tokens.deleteAPITokens(accountID: account.id) }
        counts["accounts"] = try await accounts.deleteAccount(id: account.id) ? 1 : 0
        return counts
    }
}
