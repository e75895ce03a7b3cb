import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

@Suite("Settings read cache")
struct UserReadCacheTests {
    @Test("A read that overlapped a write is not kept, so a saved setting shows on the very next page")
    func overlappingReadIsDropped() {
        let cache = UserReadCache()
        var user = User(id: UUID(), email: "a@example.com")
        let (missing, generation) = cache.user(user.id)
        #expect(missing == nil)
        // The row is read (old value) while a write lands.
        cache.forget(user.id)
        cache.store(user, readAt: generation)
        #expect(cache.user(user.id).user == nil)
        user.preferredUnits = .metric
        cache.store(user, readAt: cache.user(user.id).generation)
        #expect(cache.user(user.id).user?.preferredUnits == .metric)
    }

    @Test("Entries expire, so another process's change is seen within the time to live")
    func entriesExpire() async throws {
        let cache = UserReadCache(timeToLive: .milliseconds(50))
        let user = User(id: UUID(), email: "a@example.com")
        cache.store(user, readAt: cache.user(user.id).generation)
        #expect(cache.user(user.id).user != nil)
        try await Task.sleep(for: .milliseconds(80))
        #expect(cache.user(user.id).user == nil)
    }
}
