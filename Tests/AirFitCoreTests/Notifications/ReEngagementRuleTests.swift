import AirFitCore
import Foundation
import Testing

@Suite("ReEngagementRule")
struct ReEngagementRuleTests {
    private func rule(_ style: InactivityResponseStyle = .gentleNudge, at time: String? = nil) throws -> ReEngagementRule {
        ReEngagementRule(
            style: style, timeZone: try NotificationFixture.zone("Europe/Berlin"), localTime: try time.map(NotificationFixture.time))
    }

    @Test(
        "After three days without a log or chat one message is due at the next local sending time",
        arguments: [
            // last activity, sending time (nil: 10:00), expected due instant
            ("2026-01-12T20:00:00+01:00", nil, "2026-01-16T10:00:00+01:00"),
            ("2026-01-12T08:00:00+01:00", nil, "2026-01-15T10:00:00+01:00"),
            ("2026-01-12T20:00:00+01:00", "07:30", "2026-01-16T07:30:00+01:00"),
            ("2026-01-12T10:00:00+01:00", nil, "2026-01-16T10:00:00+01:00"),
            // Across the spring-forward night the message still goes out at 10:00 local.
            ("2026-03-26T12:00:00+01:00", nil, "2026-03-30T10:00:00+02:00"),
        ] as [(String, String?, String)])
    func dueAfterThreeDays(lastActivity: String, time: String?, expected: String) throws {
        let now = try NotificationFixture.instant("2026-01-12T21:00:00+01:00")
        let activity = try NotificationFixture.instant(lastActivity)
        let due = try #require(try rule(at: time).dueDate(lastActivity: activity, lastReEngagement: nil, now: max(now, activity)))
        #expect(NotificationFixture.utc(due) == NotificationFixture.utc(try NotificationFixture.instant(expected)))
    }

    @Test(
        "Motivational, gentle and factual members all get one; the style only changes the wording",
        arguments: [InactivityResponseStyle.motivationalPush, .gentleNudge, .factualReminder])
    func stylesThatSend(style: InactivityResponseStyle) throws {
        let activity = try NotificationFixture.instant("2026-01-12T20:00:00+01:00")
        let due = try rule(style).dueDate(lastActivity: activity, lastReEngagement: nil, now: activity)
        #expect(due.map(NotificationFixture.utc) == "2026-01-16T09:00:00Z")
    }

    @Test("A member who chose \"wait for me\" is never sent a re-engagement")
    func waitSendsNothing() throws {
        let activity = try NotificationFixture.instant("2026-01-01T12:00:00+01:00")
        let now = try NotificationFixture.instant("2026-02-01T12:00:00+01:00")
        #expect(try rule(.waitForMe).dueDate(lastActivity: activity, lastReEngagement: nil, now: now) == nil)
    }

    @Test("Only one re-engagement per absence; new activity starts a new absence")
    func oncePerAbsence() throws {
        let rule = try rule()
        let activity = try NotificationFixture.instant("2026-01-12T20:00:00+01:00")
        let sent = try NotificationFixture.instant("2026-01-16T10:00:00+01:00")
        let later = try NotificationFixture.instant("2026-01-25T12:00:00+01:00")
        #expect(rule.dueDate(lastActivity: activity, lastReEngagement: sent, now: later) == nil)

        let comeback = try NotificationFixture.instant("2026-01-20T09:00:00+01:00")
        let next = rule.dueDate(lastActivity: comeback, lastReEngagement: sent, now: later)
        #expect(next.map(NotificationFixture.utc) == "2026-01-23T09:00:00Z")
    }

    @Test("Activity recorded after now (a clock skew) schedules nothing")
    func futureActivity() throws {
        let activity = try NotificationFixture.instant("2026-01-12T20:00:00+01:00")
        let now = try NotificationFixture.instant("2026-01-12T19:00:00+01:00")
        #expect(try rule().dueDate(lastActivity: activity, lastReEngagement: nil, now: now) == nil)
    }

    @Test(
        "A member shows as inactive in the admin's list from seven days without activity",
        arguments: [(0, false), (72, false), (167, false), (168, true), (240, true)] as [(Int, Bool)])
    func inactiveMark(hours: Int, inactive: Bool) throws {
        let activity = try NotificationFixture.instant("2026-01-12T20:00:00+01:00")
        let now = activity.addingTimeInterval(TimeInterval(hours * 3_600))
        #expect(ReEngagementRule.isInactive(lastActivity: activity, now: now) == inactive)
    }
}
