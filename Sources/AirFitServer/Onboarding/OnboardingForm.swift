import AirFitCore
import Foundation

/// Reads each onboarding screen's fields into the draft and builds the template context from it.
enum OnboardingForm {
    /// Copies the fields of the draft's current screen from `form`; other screens' answers stay.
    static func apply(_ form: FormData, to draft: inout OnboardingDraft) {
        switch draft.screen {
        case .lifeSnapshot:
            for item in LifeSnapshotSelections.Item.allCases { draft.lifeSnapshot[item] = form.isChecked("life_\(item.rawValue)") }
        case .coreAspiration:
            draft.aspirationCard = form["aspiration"].flatMap(AspirationCard.init(rawValue:))
            draft.aspirationText = form["aspiration_text"] ?? ""
        case .coachingStyle:
            for style in CoachingStylePreferences.Style.allCases {
                // A percentage from 0 to 100; anything else (inf, nan, 1e306, -1) leaves the slider as it was.
                if let value = form["style_\(style.rawValue)"].flatMap({ FiniteNumber.parse($0, in: 0...100) }) {
                    draft.coachingStyle[style] = value / 100
                }
            }
        case .engagementPreferences:
            if let preset = form["engagement"].flatMap(EngagementPreset.init(rawValue:)) { draft.engagement = preset }
            draft.customEngagement = CustomEngagementSettings(
                detailedTracking: form.isChecked("detailed_tracking"), dailyInsights: form.isChecked("daily_insights"),
                autoRecoveryAdjust: form.isChecked("auto_recovery"))
        case .sleepAndBoundaries:
            if let bedtime = form["bedtime"].flatMap(TimeOfDay.init) { draft.sleep.bedtime = bedtime }
            if let wake = form["wake"].flatMap(TimeOfDay.init) { draft.sleep.wakeTime = wake }
            if let rhythm = form["rhythm"].flatMap(SleepRhythmType.init(rawValue:)) { draft.sleep.rhythm = rhythm }
        case .motivationAndCheckins:
            if let style = form["achievement"].flatMap(AchievementStyle.init(rawValue:)) { draft.achievementStyle = style }
            if let style = form["inactivity"].flatMap(InactivityResponseStyle.init(rawValue:)) { draft.inactivityStyle = style }
            draft.establishBaseline = form.isChecked("baseline")
            if let units = form["units"].flatMap(MeasurementSystem.init(rawValue:)) { draft.preferredUnits = units }
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

    /// The template values for the draft's current screen.
    static func context(_ draft: OnboardingDraft) -> [String: Any] {
        let screen = draft.screen
        var context: [String: Any] = [
            "screen": screen.rawValue, "heading": screen.title, "showsProgress": screen.showsProgress,
            "percent": FiniteNumber.displayInt(screen.progress * 100),
            "canGoBack": OnboardingFlow.questionScreens.dropFirst().contains(screen),
            "isQuestion": OnboardingFlow.questionScreens.contains(screen),
            "is_\(screen.rawValue)": true,
        ]
        switch screen {
        case .lifeSnapshot:
            context["items"] = LifeSnapshotSelections.Item.allCases.map { item -> [String: Any] in
                ["value": item.rawValue, "name": item.displayName, "checked": draft.lifeSnapshot[item]]
            }
        case .coreAspiration:
            context["cards"] = AspirationCard.allCases.map { card -> [String: Any] in
                ["value": card.rawValue, "name": card.displayName, "checked": draft.aspirationCard == card]
            }
            context["aspirationText"] = draft.aspirationText
        case .coachingStyle:
            context["styles"] = CoachingStylePreferences.Style.allCases.map { style -> [String: Any] in
                [
                    "value": style.rawValue, "name": style.displayName,
                    "percent": FiniteNumber.displayInt(draft.coachingStyle[style] * 100),
                    "phrase": style.phrase(intensity: draft.coachingStyle[style]), "low": style.phrase(intensity: 0),
                    "medium": style.phrase(intensity: 0.5), "high": style.phrase(intensity: 1),
                ]
            }
        case .engagementPreferences:
            context["presets"] = EngagementPreset.allCases.map { preset -> [String: Any] in
                ["value": preset.rawValue, "name": preset.displayName, "summary": preset.summary, "checked": draft.engagement == preset]
            }
        case .sleepAndBoundaries:
            context["bedtime"] = draft.sleep.bedtime.description
            context["wake"] = draft.sleep.wakeTime.description
            context["rhythms"] = SleepRhythmType.allCases.map { rhythm -> [String: Any] in
                ["value": rhythm.rawValue, "name": rhythm.displayName, "checked": draft.sleep.rhythm == rhythm]
            }
        case .motivationAndCheckins:
            context["achievements"] = AchievementStyle.allCases.map { style -> [String: Any] in
                ["value": style.rawValue, "name": style.displayName, "checked": draft.achievementStyle == style]
            }
            context["inactivity"] = InactivityResponseStyle.allCases.map { style -> [String: Any] in
                ["value": style.rawValue, "name": style.displayName, "checked": draft.inactivityStyle == style]
            }
            context["baseline"] = draft.establishBaseline
            context["analyzesGoal"] = draft.needsGoalAnalysis
            context["units"] = MeasurementSystem.allCases.map { system -> [String: Any] in
                ["value": system.rawValue, "name": system.displayName, "checked": draft.preferredUnits == system]
            }
        case .coachProfileReady:
            let summary = PersonaSynthesis.summary(of: PersonaSynthesis.profile(from: draft))
            context["summary"] =
                [
                    "style": summary.styleSentence, "tags": summary.styleTags, "aspiration": summary.aspiration,
                    "engagement": summary.engagement, "boundaries": summary.boundaries,
                    "goalSource": Self.goalSource(draft.structuredGoal) as Any,
                ] as [String: Any]
        case .openingScreen, .typicalAvailability, .generatingCoach:
            break
        }
        return context
    }
}
