import AirFitCore
import Foundation
import Testing

@Suite("HeldNotifications")
struct HeldNotificationsTests {
    /// Berlin, quiet hours 22:00–07:00.
    private func window(quietEnabled: Bool = true) throws -> DeliveryWindow {
        DeliveryWindow(
            quietHours: QuietHours(
                enabled: quietEnabled, start: try NotificationFixture.time("22:00"), end: try NotificationFixture.time("07:00")),
            sleep: nil, timeZone: try NotificationFixture.zone("Europe/Berlin"))
    }

    private func note(_ category: String, _ title: String, at due: String) throws -> PendingNotification {
        PendingNotification(
            categoryKey: category, title: title, body: "\(title).", deepLinkPath: "/\(category)",
            dueAt: try NotificationFixture.instant(due))
    }

    @Test("A notification due in the day is delivered at once")
    func deliveredInTheDay() throws {
        var state = HeldNotifications(window: try window(), limits: .unlimited)
        let checkIn = try note("daily_check_in", "How did you sleep?", at: "2026-01-15T07:30:00+01:00")
        #expect(state.receive(checkIn) == .deliver(checkIn))
        #expect(state.held.isEmpty)
        #expect(state.release(at: try NotificationFixture.instant("2026-01-15T08:00:00+01:00")) == nil)
    }

    @Test("A notification due in quiet hours is held until they end")
    func heldInQuietHours() throws {
        var state = HeldNotifications(window: try window(), limits: .unlimited)
        let late = try note("achievements", "New best", at: "2026-01-15T23:00:00+01:00")
        #expect(state.receive(late) == .hold(late, until: try NotificationFixture.instant("2026-01-16T07:00:00+01:00")))
        #expect(state.held == [late])
    }

    @Test("Everything held overnight arrives at 07:00 as one summary with a count per category and the newest title")
    func collapsedIntoOneSummary() throws {
        var state = HeldNotifications(window: try window(), limits: .unlimited)
        let first = try note("daily_check_in", "Evening check-in", at: "2026-01-15T22:30:00+01:00")
        let second = try note("achievements", "7 days in a row", at: "2026-01-15T23:15:00+01:00")
        let third = try note("achievements", "New best: squat", at: "2026-01-16T05:00:00+01:00")
        for notification in [first, second, third] { _ = state.receive(notification) }

        #expect(state.release(at: try NotificationFixture.instant("2026-01-16T06:59:00+01:00")) == nil)
        let summary = try #require(state.release(at: try NotificationFixture.instant("2026-01-16T07:00:00+01:00")))
        #expect(summary.countsByCategory == ["daily_check_in": 1, "achievements": 2])
        #expect(summary.newestTitle == "New best: squat")
        #expect(summary.newest.deepLinkPath == "/achievements")
        #expect(summary.ids == [first.id, second.id, third.id])
        #expect(summary.total == 3)
        #expect(AwaySummary.title == "While you were away")
        #expect(state.held.isEmpty)
        #expect(state.release(at: try NotificationFixture.instant("2026-01-16T07:01:00+01:00")) == nil)
    }

    @Test("The summary names the newest by due time, whatever order they were held in")
    func newestByDueTime() throws {
        let older = try note("meal", "Log lunch", at: "2026-01-15T22:10:00+01:00")
        let newer = try note("hydration", "Drink water", at: "2026-01-15T23:10:00+01:00")
        let summary = try #require(AwaySummary(collapsing: [newer, older]))
        #expect(summary.newestTitle == "Drink water")
        #expect(summary.ids == [older.id, newer.id])
        #expect(AwaySummary(collapsing: []) == nil)
    }

    @Test("Over a category's daily limit a reminder is dropped; the next local day starts afresh")
    func dailyLimit() throws {
        let limits = try #require(DailyLimits(maxima: ["workout_reminders": 2]))
        var state = HeldNotifications(window: try window(), limits: limits)
        let decisions = try [
            "2026-01-15T09:00:00+01:00", "2026-01-15T12:00:00+01:00", "2026-01-15T15:00:00+01:00", "2026-01-16T09:00:00+01:00",
        ].map { state.receive(try note("workout_reminders", "Leg day", at: $0)) }
        let kinds = decisions.map { decision -> String in
            switch decision {
            case .deliver: return "deliver"
            case .hold: return "hold"
            case .drop(_, let reason): return "drop \(reason.rawValue)"
            }
        }
        #expect(kinds == ["deliver", "deliver", "drop over_daily_limit", "deliver"])
        let other = try note("daily_check_in", "Check-in", at: "2026-01-15T16:00:00+01:00")
        #expect(state.receive(other) == .deliver(other))
    }

    @Test("Held notifications count against the limit, and one over the limit is dropped, not held")
    func limitCountsHeld() throws {
        let limits = try #require(DailyLimits(maxima: ["achievements": 1]))
        var state = HeldNotifications(window: try window(), limits: limits)
        let kept = try note("achievements", "Streak", at: "2026-01-15T22:30:00+01:00")
        let extra = try note("achievements", "Best", at: "2026-01-15T23:30:00+01:00")
        _ = state.receive(kept)
        #expect(state.receive(extra) == .drop(extra, .overDailyLimit))
        #expect(state.held == [kept])
        #expect(state.release(at: try NotificationFixture.instant("2026-01-16T07:00:00+01:00"))?.total == 1)
    }

    @Test("The limit's day is the member's local day, not the UTC day")
    func localDay() throws {
        let limits = try #require(DailyLimits(maxima: ["meal": 1]))
        var state = HeldNotifications(window: try window(quietEnabled: false), limits: limits)
        // Both fall on 2026-01-15 in UTC, on two different days in Berlin.
        let beforeMidnight = try note("meal", "Supper", at: "2026-01-15T22:30:00Z")
        let afterMidnight = try note("meal", "Snack", at: "2026-01-15T23:30:00Z")
        #expect(state.receive(beforeMidnight) == .deliver(beforeMidnight))
        #expect(state.receive(afterMidnight) == .deliver(afterMidnight))
    }

    @Test("Rebuilt after a restart, notifications already delivered still count against today's limit")
    func rebuiltState() throws {
        let limits = try #require(DailyLimits(maxima: ["workout_reminders": 2]))
        let delivered = try ["2026-01-15T09:00:00+01:00", "2026-01-15T12:00:00+01:00"].map { try note("workout_reminders", "Go", at: $0) }
        let held = try note("achievements", "Held", at: "2026-01-14T23:00:00+01:00")
        var state = HeldNotifications(window: try window(), limits: limits, held: [held], delivered: delivered)
        let third = try note("workout_reminders", "Go", at: "2026-01-15T15:00:00+01:00")
        #expect(state.receive(third) == .drop(third, .overDailyLimit))
        #expect(state.release(at: try NotificationFixture.instant("2026-01-15T08:00:00+01:00"))?.ids == [held.id])
    }

    @Test("When quiet hours and sleep cover the whole day nothing is held forever")
    func neverOpenWindow() throws {
        let zone = try NotificationFixture.zone("Europe/Berlin")
        let window = DeliveryWindow(
            quietHours: QuietHours(enabled: true, start: try NotificationFixture.time("20:00"), end: try NotificationFixture.time("08:00")),
            sleep: SleepSchedule(
                bedtime: try NotificationFixture.time("07:00"), wakeTime: try NotificationFixture.time("21:00"), rhythm: .consistent),
            timeZone: zone)
        var state = HeldNotifications(window: window, limits: .unlimited)
        let noon = try note("daily_check_in", "Hi", at: "2026-01-15T12:00:00+01:00")
        #expect(state.receive(noon) == .drop(noon, .windowNeverOpens))
        #expect(state.held.isEmpty)
    }

    @Test("Limits must not be negative", arguments: [-1, -100])
    func negativeLimit(maximum: Int) {
        #expect(DailyLimits(maxima: ["meal": maximum]) == nil)
    }

    @Test("A limit of zero drops every notification of that category")
    func zeroLimit() throws {
        var state = HeldNotifications(window: try window(), limits: try #require(DailyLimits(maxima: ["hydration": 0])))
        let water = try note("hydration", "Water", at: "2026-01-15T10:00:00+01:00")
        #expect(state.receive(water) == .drop(water, .overDailyLimit))
    }
}
