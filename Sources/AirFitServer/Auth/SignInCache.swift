import AirFitCore
import Foundation

/// Recently read sessions and accounts, so a page view does not cost two database reads before its own.
///
/// Every session write of this process goes through the cache (write-through), so this server never sees
/// its own stale data. Entries expire after `timeToLive`: another process sharing the database (a second
/// instance on PostgreSQL, the CLI) is seen within that time — a sign-out elsewhere applies here within
/// five seconds.
actor SignInCache {
    private struct Entry<Value> {
        var value: Value
        var storedAt: Date
    }

    private var sessions: [String: Entry<WebSession>] = [:]
    private var accounts: [UUID: Entry<Account>] = [:]
    private let timeToLive: TimeInterval
    private let capacity: Int

    /// Creates a cache keeping entries `timeToLive` seconds, at most `capacity` of each kind.
    init(timeToLive: TimeInterval = 5, capacity: Int = 10_000) {
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    /// The cached session for `tokenHash`, if fresh and not expired at `now`.
    func session(_ tokenHash: String, now: Date) -> WebSession? {
        guard let entry = sessions[tokenHash], now.timeIntervalSince(entry.storedAt) < timeToLive,
            entry.value.expiresAt > now
        else { return nil }
        return entry.value
    }

    /// Remembers `session` as read or written at `now`.
    func store(_ session: WebSession, now: Date) {
        if sessions.count >= capacity { sessions.removeAll() }
        sessions[session.tokenHash] = Entry(value: session, storedAt: now)
    }

    /// Forgets the session of `tokenHash`.
    func removeSession(_ tokenHash: String) { sessions[tokenHash] = nil }

    /// Forgets every session of `accountID` but `kept` (they were ended).
    func removeSessions(accountID: UUID, except kept: UUID?) {
        sessions = sessions.filter { $0.value.value.accountID != accountID || $0.value.value.id == kept }
    }

    /// Forgets the account `id` (it changed or went).
    func removeAccount(_ id: UUID) { accounts[id] = nil }

    /// The cached account `id`, if fresh.
    func account(_ id: UUID, now: Date) -> Account? {
        guard let entry = accounts[id], now.timeIntervalSince(entry.storedAt) < timeToLive else { return nil }
        return entry.value
    }

    /// Remembers `account` as read at `now`.
    func store(_ account: Account, now: Date) {
        if accounts.count >= capacity { accounts.removeAll() }
        accounts[account.id] = Entry(value: account, storedAt: now)
    }
}
