import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// The inbox, the bell on every page, and Settings → Notifications (issue 16).
@Suite("Inbox and notification settings pages")
struct InboxRouteTests {
    /// Puts one delivered notification per title in the member's inbox.
    static func deliver(_ titles: [String], links: [String]? = nil, in installation: TestInstallation) async throws -> UUID {
        let user = try #require(try await installation.repository.users().first)
        for (index, title) in titles.enumerated() {
            let at = installation.clock.now().addingTimeInterval(Double(index))
            try await installation.repository.scheduleNotification(
                CoachNotification(
                    userID: user.id, category: .achievements, title: title, body: "\(title) body", link: links?[index] ?? "/progress",
                    dueAt: at, state: .delivered, dedupeKey: "test-\(title)", createdAt: at, deliveredAt: at))
        }
        return user.id
    }

    @Test("Signed-in pages carry the bell linking to the inbox; the sign-in page does not")
    func bell() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            #expect(!text(try await web.get("/setup").body).contains("inbox.bell"))
            try await web.signUp()
            for path in ["/", "/settings", "/settings/notifications", "/inbox"] {
                let html = text(try await web.get(path).body)
                #expect(attributeValues("href", testID: "inbox.bell", in: html) == ["/inbox"], "\(path)")
                #expect(html.contains(#"data-testid="inbox.count" hidden"#), "\(path)")
            }
        }
    }

    @Test("The inbox lists notifications newest first; reading the page or the count changes nothing")
    func listing() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            #expect(text(try await web.get("/inbox").body).contains(#"data-testid="inbox.empty""#))
            let userID = try await Self.deliver(["Older news", "Newer news"], in: installation)
            let unread = try await web.get("/inbox/unread")
            #expect(text(unread.body) == #"{"unread":2}"#)
            #expect(unread.headers[.cacheControl] == "no-store")
            let html = text(try await web.get("/inbox").body)
            #expect(occurrences(of: #"data-testid="inbox.item""#, in: html) == 2)
            let newer = try #require(html.range(of: "Newer news"))
            let older = try #require(html.range(of: "Older news"))
            #expect(newer.lowerBound < older.lowerBound)
            #expect(occurrences(of: #"data-testid="inbox.markRead""#, in: html) == 2)
            #expect(!html.contains(#"data-testid="inbox.empty""#) && html.contains(#"data-testid="inbox.markAllRead""#))
            #expect(try await installation.repository.unreadNotificationCount(userID: userID) == 2)
        }
    }

    @Test("Opening a notification marks it read and goes to its page; Mark read and Mark all read clear the count")
    func reading() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let userID = try await Self.deliver(
                ["Plan change", "Best", "Streak"], links: ["/activity", "//evil.example/x", "/progress"], in: installation)
            let inbox = try await installation.repository.inbox(userID: userID, limit: 10)
            let byTitle = Dictionary(uniqueKeysWithValues: inbox.map { ($0.title, $0.id.uuidString.lowercased()) })
            try await web.get("/inbox")
            let open = try await web.post("/inbox/\(try #require(byTitle["Plan change"]))/open", [])
            #expect(open.status == .seeOther || open.status == .found)
            #expect(open.headers[.location] == "/activity")
            // A link that is not a same-origin path never leaves the site.
            #expect(try await web.post("/inbox/\(try #require(byTitle["Best"]))/open", []).headers[.location] == "/inbox")
            #expect(text(try await web.get("/inbox/unread").body) == #"{"unread":1}"#)
            try await web.post("/inbox/read-all", [])
            #expect(text(try await web.get("/inbox/unread").body) == #"{"unread":0}"#)
            #expect(!text(try await web.get("/inbox").body).contains(#"data-testid="inbox.markRead""#))
        }
    }

    @Test("Another member's notification, or no such id, answers 404 and changes nothing")
    func othersNotFound() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let other = User(name: "Bo")
            try await installation.repository.createUser(other)
            let at = installation.clock.now()
            let theirs = CoachNotification(
                userID: other.id, category: .achievements, title: "Theirs", body: "b", link: "/progress", dueAt: at, state: .delivered,
                dedupeKey: "theirs", createdAt: at, deliveredAt: at)
            try await installation.repository.scheduleNotification(theirs)
            try await web.get("/inbox")
            #expect(try await web.post("/inbox/\(theirs.id.uuidString)/read", []).status == .notFound)
            #expect(try await web.post("/inbox/\(theirs.id.uuidString)/open", []).status == .notFound)
            #expect(try await web.post("/inbox/not-an-id/read", []).status == .notFound)
            #expect(try await installation.repository.unreadNotificationCount(userID: other.id) == 1)
        }
    }

    @Test("Settings → Notifications has a switch per category and the check-in time, and saves them")
    func settings() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = text(try await web.get("/settings/notifications").body)
            for key in ["dailyCheck", "workout", "meal", "hydration", "achievement", "reEngagement", "recommendations", "emailDigest"] {
                #expect(page.contains(#"data-testid="notifications.\#(key)""#), "\(key)")
            }
            #expect(attributeValues("value", testID: "notifications.checkinTime", in: page) == [""])
            #expect(!page.contains(#"name="cat_hydration" checked"#) && page.contains(#"name="cat_daily_check_in" checked"#))
            let saved = try await web.post(
                "/settings/notifications",
                [
                    ("system", "on"), ("cat_hydration", "on"), ("checkin_time", "07:15"), ("quiet", "on"), ("quiet_start", "22:00"),
                    ("quiet_end", "07:00"),
                ])
            #expect(saved.status == .seeOther || saved.status == .found)
            let user = try #require(try await installation.repository.users().first)
            #expect(user.notificationPreferences.checkInTime == TimeOfDay(hour: 7, minute: 15))
            #expect(user.notificationPreferences.isEnabled(.hydration) && !user.notificationPreferences.isEnabled(.dailyCheckIn))
            let bad = try await web.post(
                "/settings/notifications", [("system", "on"), ("checkin_time", "25:99"), ("quiet_start", "22:00"), ("quiet_end", "07:00")])
            #expect(bad.status == .unprocessableContent)
            #expect(text(bad.body).contains("Enter the check-in time as a time like 7:30 AM, or leave it empty."))
            #expect(try await installation.repository.users().first?.notificationPreferences.checkInTime == TimeOfDay(hour: 7, minute: 15))
        }
    }
}

/// The admin's member list marks who has gone quiet (issue 16).
@Suite("Inactive members")
struct InactiveMemberTests {
    @Test("A member with no log or chat for seven days is marked inactive in the member list; a new log clears the mark")
    func inactiveMark() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            var page = text(try await web.get("/settings/members").body)
            #expect(!page.contains(#"data-testid="members.inactive""#))
            var user = try #require(try await installation.repository.users().first)
            user.createdAt = installation.clock.now().addingTimeInterval(-8 * 86_400)
            try await installation.repository.updateUser(user)
            page = text(try await web.get("/settings/members").body)
            #expect(page.contains(#"data-testid="members.inactive""#))
            try await installation.repository.addWorkout(
                Workout(
                    userID: user.id, type: "Run", startedAt: installation.clock.now(), durationMinutes: 30,
                    createdAt: installation.clock.now().addingTimeInterval(-3600)))
            page = text(try await web.get("/settings/members").body)
            #expect(!page.contains(#"data-testid="members.inactive""#))
        }
    }
}
