import Foundation

/// Turns onboarding answers into the persona documents and the "Coach Profile Ready" summary.
public enum PersonaSynthesis {
    /// `persona_profile.json` from a draft (the style blend normalized).
    public static func profile(from draft: OnboardingDraft) -> PersonaProfile {
        PersonaProfile(
            lifeContext: draft.lifeSnapshot, coreAspiration: draft.coreAspiration,
            structuredGoal: draft.structuredGoal ?? draft.aspirationCard?.structuredGoal,
            coachingStyle: draft.coachingStyle.normalized(), engagementPreference: draft.engagement,
            customEngagement: draft.engagement.impliedSettings ?? draft.customEngagement,
            availability: draft.availability.sorted { ($0.dayOfWeek, $0.startTime) < ($1.dayOfWeek, $1.startTime) },
            sleepSchedule: draft.sleep,
            motivationStyle: MotivationStyle(achievementStyle: draft.achievementStyle, inactivityStyle: draft.inactivityStyle),
            establishBaseline: draft.establishBaseline)
    }

    /// `communicationPreferences.json` from a persona.
    public static func communicationPreferences(from persona: PersonaProfile) -> CommunicationPreferences {
        CommunicationPreferences(
            coachingStyleBlend: persona.coachingStyle,
            achievementAcknowledgement: persona.motivationStyle.achievementStyle,
            inactivityResponse: persona.motivationStyle.inactivityStyle,
            updateFrequency: updateFrequency(persona),
            celebrationStyle: persona.motivationStyle.achievementStyle.displayName,
            absenceResponse: persona.motivationStyle.inactivityStyle.displayName,
            languageComplexity: persona.coachingStyle.analyticalPrecise >= 0.4 ? "Detailed" : "Conversational")
    }

    private static func updateFrequency(_ persona: PersonaProfile) -> String {
        switch persona.engagementPreference {
        case .dataDrivenPartnership: return "Daily"
        case .consistentBalanced: return "Moderate"
        case .guidanceOnDemand: return "On request"
        case .custom: return persona.customEngagement.dailyInsights ? "Daily" : "Moderate"
        }
    }

    /// One sentence describing the style blend: the lead style, a secondary above 20%, "a touch of" the small shares.
    public static func styleSentence(_ blend: CoachingStylePreferences) -> String {
        let ranked = blend.ranked
        guard let lead = ranked.first, lead.share > 0 else { return "Your coach adapts its style to you." }
        var sentence = "Your coach leads with \(phrase(lead.style, .lead))"
        var rest = Array(ranked.dropFirst())
        if let second = rest.first, second.share > 0.20 {
            sentence += ", backed by \(phrase(second.style, .side))"
            rest.removeFirst()
        }
        let touches = rest.filter { $0.share >= 0.05 }.map { phrase($0.style, .touch) }
        if !touches.isEmpty { sentence += ", with a touch of \(list(touches))" }
        return sentence + "."
    }

    private enum Role { case lead, side, touch }

    private static func phrase(_ style: CoachingStylePreferences.Style, _ role: Role) -> String {
        switch (style, role) {
        case (.authoritative, .lead): return "direct, authoritative guidance"
        case (.authoritative, .side): return "firm accountability"
        case (.authoritative, .touch): return "directness"
        case (.empathetic, .lead): return "warm, empathetic encouragement"
        case (.empathetic, .side): return "genuine encouragement"
        case (.empathetic, .touch): return "warmth"
        case (.analytical, .lead): return "analytical, data-driven insight"
        case (.analytical, .side): return "clear explanations of the numbers"
        case (.analytical, .touch): return "analysis"
        case (.playful, .lead): return "playful, provocative motivation"
        case (.playful, .side): return "playful challenges"
        case (.playful, .touch): return "playfulness"
        }
    }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// The "Coach Profile Ready" summary.
    public static func summary(of persona: PersonaProfile) -> CoachSummary {
        let engagement: String
        if persona.engagementPreference == .custom {
            let custom = persona.customEngagement
            let on = [
                custom.detailedTracking ? "detailed tracking" : nil, custom.dailyInsights ? "daily insights" : nil,
                custom.autoRecoveryAdjust ? "automatic recovery adjustments" : nil,
            ].compactMap { $0 }
            engagement = on.isEmpty ? "Custom: a light touch, with no extra tracking." : "Custom: \(list(on))."
        } else {
            engagement = "\(persona.engagementPreference.displayName): \(persona.engagementPreference.summary)"
        }
        let sleep = persona.sleepSchedule
        var boundaries = [
            "No notifications between \(sleep.bedtime.twelveHourDescription) and \(sleep.wakeTime.twelveHourDescription)."
        ]
        boundaries.append(inactivitySentence(persona.motivationStyle.inactivityStyle))
        boundaries.append(celebrationSentence(persona.motivationStyle.achievementStyle))
        let ranked = persona.coachingStyle.ranked
        let tags = ranked.prefix(2).enumerated().compactMap { index, entry in
            index == 0 || entry.share > 0.20 ? entry.style.shortName : nil
        }
        return CoachSummary(
            styleSentence: styleSentence(persona.coachingStyle), styleTags: tags, aspiration: persona.coreAspiration,
            engagement: engagement, boundaries: boundaries, establishBaseline: persona.establishBaseline)
    }

    private static func inactivitySentence(_ style: InactivityResponseStyle) -> String {
        switch style {
        case .motivationalPush: return "If you go quiet, your coach gives you a motivational push."
        case .gentleNudge: return "If you go quiet, your coach sends a gentle nudge."
        case .factualReminder: return "If you go quiet, your coach sends a factual reminder."
        case .waitForMe: return "If you go quiet, your coach waits until you are back."
        }
    }

    private static func celebrationSentence(_ style: AchievementStyle) -> String {
        switch style {
        case .enthusiasticCelebration: return "Wins are celebrated enthusiastically."
        case .subtleAffirming: return "Wins get a subtle, affirming word."
        case .dataFocused: return "Wins are acknowledged with the numbers behind them."
        case .privateReflection: return "Wins are left for your own reflection."
        }
    }
}

/// What the "Coach Profile Ready" screen shows.
public struct CoachSummary: Sendable, Equatable, Codable {
    public var styleSentence: String
    /// Primary style, plus the secondary when its share is above 20%.
    public var styleTags: [String]
    public var aspiration: String
    public var engagement: String
    public var boundaries: [String]
    /// The 14-day baseline toggle (on by default).
    public var establishBaseline: Bool
}
