import AirFitCore
import Foundation
import Synchronization

/// People's settings read in the last seconds, so a page view does not read the `users` row again.
///
/// Every write of a `users` row through this store forgets the entry first (``FluentStore`` calls ``forget(_:)``),
/// so this process never sees its own stale data; another process sharing the database (a second instance on
/// PostgreSQL, the CLI) is seen within `timeToLive`, like ``SignInCache``'s sessions.
final class UserReadCache: Sendable {
    private struct Entry {
        var user: User
        var storedAt: ContinuousClock.Instant
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        /// Counts writes; a read that overlapped one is not stored (it may hold the row from before it).
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let timeToLive: Duration
    private let capacity: Int

    /// Keeps entries `timeToLive`, at most `capacity` of them.
    init(timeToLive: Duration = .seconds(5), capacity: Int = 10_000) {
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    /// The cached person `id`, if read less than `timeToLive` ago; else the generation to pass to ``store(_:readAt:)``
    /// after reading the row.
    func user(_ id: UUID) -> (user: User?, generation: UInt64) {
        state.withLock { state in
            guard let entry = state.entries[id], entry.storedAt.duration(to: .now) < timeToLive else { return (nil, state.generation) }
            return (entry.user, state.generation)
        }
    }

    /// Remembers `user`, read from the database when the cache was at `generation`, unless a write came since.
    func store(_ user: User, readAt generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll() }
            state.entries[user.id] = Entry(user: user, storedAt: .now)
        }
    }

    /// Forgets the person `id`; called before and after their row is written.
    func forget(_ id: UUID) {
        state.withLock { state in
            state.entries[id] = nil
            state.generation &+= 1
        }
    }

    /// Forgets everyone (the whole installation was erased).
    func forgetAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.generation &+= 1
        }
    }

    /// Runs `write` of the person `id`'s row with the entry forgotten before and after it.
    func writing<T>(_ id: UUID, _ write: () async throws -> T) async rethrows -> T {
        forget(id)
        defer { forget(id) }
        return try await write()
    }
}
