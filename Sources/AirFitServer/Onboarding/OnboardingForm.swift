import AirFitCore
import Foundation

/// An onboarding post: which screen it came from, the button pressed, and that screen's fields.
///
/// Field names: `screen`, `action`, `remove`, `slot_day|start|end`, `life_<item>` (checkboxes), `aspiration`,
/// `aspiration_text`, `style_<style>` (0…100), `engagement`, `detailed_tracking`, `daily_insights`, `auto_recovery`,
/// `bedtime`, `wake`, `rhythm`, `achievement`, `inactivity`, `baseline`, `units`.
struct OnboardingForm: Decodable, Sendable {
    /// The screen the form was on (a stale tab's post changes nothing).
    let screen: String?
    /// The button: `begin`, `next`, `back`, `skip`, `refine`, `finish`, `add_block`.
    let action: String?
    /// The id of an availability slot to remove.
    let remove: String?
    /// The "add a time slot" row as typed.
    let slot: AvailabilitySlotInput
    private let fields: [String: String]

    init(from decoder: any Decoder) throws {
        let fields = try FormFields(from: decoder).values
        screen = fields["screen"]
        action = fields["action"]
        remove = fields["remove"]
        slot = AvailabilitySlotInput(day: fields["slot_day"], start: fields["slot_start"], end: fields["slot_end"])
        self.fields = fields
    }

    /// Copies the fields of the draft's current screen; other screens' answers stay.
    func apply(to draft: inout OnboardingDraft) {
        switch draft.screen {
        case .lifeSnapshot:
            for item in LifeSnapshotSelections.Item.allCases { draft.lifeSnapshot[item] = fields["life_\(item.rawValue)"] != nil }
        case .coreAspiration:
            draft.aspirationCard = fields["aspiration"].flatMap(AspirationCard.init(rawValue:))
            draft.aspirationText = fields["aspiration_text"] ?? ""
        case .coachingStyle:
            for style in CoachingStylePreferences.Style.allCases {
                // A percentage from 0 to 100; anything else (inf, nan, 1e306, -1) leaves the slider as it was.
                if let value = fields["style_\(style.rawValue)"].flatMap({ FiniteNumber.parse($0, in: 0...100) }) {
                    draft.coachingStyle[style] = value / 100
                }
            }
        case .engagementPreferences:
            if let preset = fields["engagement"].flatMap(EngagementPreset.init(rawValue:)) { draft.engagement = preset }
            draft.customEngagement = CustomEngagementSettings(
                detailedTracking: fields["detailed_tracking"] != nil, dailyInsights: fields["daily_insights"] != nil,
                autoRecoveryAdjust: fields["auto_recovery"] != nil)
        case .sleepAndBoundaries:
            if let bedtime = fields["bedtime"].flatMap(TimeOfDay.init) { draft.sleep.bedtime = bedtime }
            if let wake = fields["wake"].flatMap(TimeOfDay.init) { draft.sleep.wakeTime = wake }
            if let rhythm = fields["rhythm"].flatMap(SleepRhythmType.init(rawValue:)) { draft.sleep.rhythm = rhythm }
        case .motivationAndCheckins:
            if let style = fields["achievement"].flatMap(AchievementStyle.init(rawValue:)) { draft.achievementStyle = style }
            if let style = fields["inactivity"].flatMap(InactivityResponseStyle.init(rawValue:)) { draft.inactivityStyle = style }
            draft.establishBaseline = fields["baseline"] != nil
            if let units = fields["units"].flatMap(MeasurementSystem.init(rawValue:)) { draft.preferredUnits = units }
        case .openingScreen, .typicalAvailability, .generatingCoach, .coachProfileReady:
            break
        }
    }

    /// Where the structured goal came from, in words (nil for a card: nothing to explain).
    static func goalSource(_ goal: StructuredGoal?) -> String? {
        guard let goal else { return nil }
        var parts: [String] = []
        if let target = goal.specificTarget { parts.append("target \(target)") }
        if let timeframe = goal.timeframe { parts.append(timeframe) }
        let detail = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        switch goal.source {
        case .llm:
            return "Your goal, as your AI provider understood it: \(goal.goalType.replacingOccurrences(of: "_", with: " "))\(detail)."
        case .local: return "Your goal, read on this server: \(goal.goalType.replacingOccurrences(of: "_", with: " "))\(detail)."
        case .card, nil: return nil
        }
    }
}
