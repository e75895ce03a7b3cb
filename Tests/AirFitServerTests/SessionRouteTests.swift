import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SQLKit
import Testing

@testable import AirFitServer
@testable import AirFitStore

@Suite("Persisted sessions and app lock")
struct SessionRouteTests {
    @Test("After a restart on the same SQLite store the person is still signed in and the draft is intact")
    func survivesRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-server-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let configuration = StoreConfiguration(backend: .sqlite(path: folder + "/airfit.sqlite"))
        var logger = Logger(label: "airfit.server-tests")
        logger.logLevel = .warning

        func app(_ database: AirFitDatabase) -> some ApplicationProtocol {
            let store = database.store
            return Application(
                router: buildRouter(
                    ServerDependencies(
                        health: StubHealth(), repository: store, accounts: store, passwordCost: 4, sessions: store, drafts: store)))
        }

        let cookie: String?
        let first = try await AirFitDatabase.open(configuration, logger: logger)
        do {
            cookie = try await app(first).test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUpForOnboarding()
                try await web.walkToAvailability()
                try await web.post(
                    "/onboarding",
                    [
                        ("screen", "availability"), ("slot_day", "3"), ("slot_start", "06:00"), ("slot_end", "07:00"),
                        ("action", "add_block"),
                    ])
                return web.cookie
            }
        } catch {
            await first.shutdown()
            throw error
        }
        await first.shutdown()

        let second = try await AirFitDatabase.open(configuration, logger: logger)
        do {
            try await app(second).test(.router) { client in
                var web = WebClient(client: client)
                web.cookie = cookie
                let page = try await web.get("/onboarding")
                #expect(page.status == .ok)
                let html = text(page.body)
                #expect(html.contains("Tuesday, 6:00 AM – 7:00 AM"))
                try await web.post("/onboarding", [("screen", "availability"), ("action", "back")])
                #expect(text(try await web.get("/onboarding").body).contains(#"value="consistent_balanced" checked"#))
                #expect(try await web.get("/settings").status == .ok)
            }
            // Only the token's SHA-256 is stored.
            let token = try #require(cookie?.split(separator: "=", maxSplits: 1).last.map(String.init))
            let rows = try await second.database.sql.raw("SELECT token_hash FROM web_sessions").all()
            let hashes = try rows.map { try $0.decode(column: "token_hash", as: String.self) }
            #expect(hashes.contains(SessionToken.hash(token)))
            #expect(!hashes.contains(token))
            #expect(SessionToken.hash(token).count == 64)
        } catch {
            await second.shutdown()
            throw error
        }
        await second.shutdown()
    }

    @Test("A session ends after 30 days without use; each use extends it")
    func idleExpiry() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            installation.clock.advance(minutes: 29 * 24 * 60)
            #expect(try await web.get("/settings").status == .ok)
            installation.clock.advance(minutes: 29 * 24 * 60)
            #expect(try await web.get("/settings").status == .ok)
            installation.clock.advance(minutes: 30 * 24 * 60)
            #expect(try await web.get("/settings").headers[.location] == "/signin")
            #expect(await installation.sessions.deleteExpiredSessions(now: installation.clock.now()) == 1)
        }
    }

    @Test("Page views write the session's last use at most once a minute (every 15 s with app lock on)")
    func touchThrottle() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let token = try #require(web.cookie?.split(separator: "=", maxSplits: 1).last.map(String.init))
            func lastSeen() async throws -> Date? {
                await installation.sessions.session(tokenHash: SessionToken.hash(token), now: installation.clock.now())?.lastSeenAt
            }
            try await web.get("/settings")
            let first = try #require(try await lastSeen())
            installation.clock.advance(minutes: 0.5)
            try await web.get("/settings")
            #expect(try await lastSeen() == first)
            installation.clock.advance(minutes: 0.6)
            try await web.get("/settings")
            #expect(try await lastSeen() == installation.clock.now())
        }
    }

    @Test("Sign-out deletes the stored session; the old cookie no longer works")
    func signOutDeletes() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let token = try #require(web.cookie?.split(separator: "=", maxSplits: 1).last.map(String.init))
            #expect(await installation.sessions.session(tokenHash: SessionToken.hash(token), now: installation.clock.now()) != nil)
            try await web.get("/settings")
            try await web.post("/signout", [])
            #expect(await installation.sessions.session(tokenHash: SessionToken.hash(token), now: installation.clock.now()) == nil)
            var replay = WebClient(client: client)
            replay.cookie = "airfit_session=\(token)"
            #expect(try await replay.get("/settings").headers[.location] == "/signin")
        }
    }

    @Test("App lock asks for the password after the idle minutes, then returns to the page")
    func appLock() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/privacy")
            try await web.post("/settings/privacy", [("app_lock", "on"), ("lock_minutes", "5")])
            installation.clock.advance(minutes: 4)
            #expect(try await web.get("/settings/units").status == .ok)
            installation.clock.advance(minutes: 5)
            let locked = try await web.get("/settings/units?x=1")
            #expect(locked.headers[.location] == "/unlock?next=/settings/units%3Fx%3D1")
            // Still locked on the next request, though it came at once.
            #expect(try await web.get("/").headers[.location] == "/unlock?next=/")
            // A form posted while locked is not applied.
            let posted = try await web.post("/settings/units", [("units", "metric")])
            #expect(posted.headers[.location] == "/unlock?next=/")

            let page = text(try await web.get("/unlock?next=%2Fsettings%2Funits").body)
            #expect(page.contains(#"data-testid="unlock.password""#))
            #expect(page.contains("owner@example.com"))
            #expect(
                try await web.post("/unlock", [("password", "correct horse battery"), ("next", "/settings/units")], withCSRF: false).status
                    == .forbidden)
            let wrong = try await web.post("/unlock", [("password", "not my password"), ("next", "/settings/units")])
            #expect(wrong.status == .unauthorized)
            #expect(text(wrong.body).contains("That password is not right."))
            #expect(try await web.get("/settings").headers[.location] == "/unlock?next=/settings")

            let unlocked = try await web.post("/unlock", [("password", "correct horse battery"), ("next", "/settings/units")])
            #expect(unlocked.headers[.location] == "/settings/units")
            #expect(text(try await web.get("/settings/units").body).contains(#"value="imperial" checked"#))
            // Unlocked: /unlock just moves on.
            #expect(try await web.get("/unlock?next=/settings").headers[.location] == "/settings")
        }
    }

    @Test("Without app lock a long pause needs no password")
    func noLockWhenDisabled() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            installation.clock.advance(minutes: 600)
            #expect(try await web.get("/settings").status == .ok)
        }
    }

    @Test(
        "Unlock only returns to pages of this site",
        arguments: [
            ("//evil.example/x", "/"), ("https://evil.example", "/"), ("/\\evil.example", "/"), ("/unlock", "/"),
            ("/settings/units", "/settings/units"),
        ])
    func safeNext(next: String, expected: String) {
        #expect(AppLock.safeNext(next) == expected)
    }

    @Test("Sign out works while locked")
    func signOutWhileLocked() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/privacy")
            try await web.post("/settings/privacy", [("app_lock", "on"), ("lock_minutes", "1")])
            installation.clock.advance(minutes: 2)
            try await web.get("/unlock")
            let out = try await web.post("/signout", [])
            #expect(out.headers[.location] == "/signin")
            #expect(try await web.get("/settings").headers[.location] == "/signin")
        }
    }
}
