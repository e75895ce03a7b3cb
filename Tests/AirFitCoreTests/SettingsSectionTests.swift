import AirFitCore
import Foundation
import Testing

@Suite("Settings rules")
struct SettingsSectionTests {
    static let refused: [(SettingsSection, [String: String], String)] = [
        (.units, ["units": "furlongs"], "Choose Imperial or Metric."),
        (.appearance, [:], "Choose Light, Dark or System."),
        (.notifications, ["quiet_start": "25:00", "quiet_end": "07:00"], "Enter quiet hours as times like 10:00 PM."),
        (
            .notifications, ["quiet": "on", "quiet_start": "06:00", "quiet_end": "06:00"],
            "Quiet hours start and end at the same time (6:00 AM), so they would cover no time. Choose an end time."
        ),
        (.privacy, ["lock_minutes": "0"], AppLockRule.problem),
        (.privacy, ["lock_minutes": "61"], AppLockRule.problem),
        (.privacy, ["lock_minutes": "1e3"], AppLockRule.problem),
    ]

    @Test("A value the page cannot save gets its message and changes nothing", arguments: 0..<refused.count)
    func refusedValues(index: Int) {
        let (section, fields, message) = Self.refused[index]
        let user = User(email: "a@example.com")
        var edited = user
        #expect(section.apply(fields, to: &edited) == [message])
        #expect(edited == user)
    }

    @Test("Saving privacy: ticked boxes turn on, missing ones off, and the coach's switches only when the form has them")
    func privacy() {
        var user = User(email: "a@example.com")
        #expect(SettingsSection.privacy.apply(["lock_minutes": "5", "app_lock": "on"], to: &user).isEmpty)
        #expect(user.appLockEnabled && user.appLockTimeoutMinutes == 5 && !user.analyticsEnabled)
        #expect(user.coachContextExclusions == nil)
        #expect(SettingsSection.privacy.apply(["lock_minutes": "5", "coach_sees": "1"], to: &user).isEmpty)
        #expect(!user.appLockEnabled)
        #expect(user.coachContextExclusions == CoachContextItem.allCases.filter(\.canBeLeftOut).map(\.rawValue))
    }
}
