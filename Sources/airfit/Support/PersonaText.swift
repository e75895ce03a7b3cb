import AirFitCore
import Foundation

/// The coach persona in words, for the terminal: the ready screen of `airfit onboard` and `airfit persona show`.
enum PersonaText {
    /// The "Coach Profile Ready" summary: style sentence, tags, aspiration, engagement, boundaries and baseline.
    static func summary(_ summary: CoachSummary) -> [String] {
        var lines = [
            summary.styleSentence,
            "Style: \(summary.styleTags.joined(separator: " · "))",
            "Aspiration: \(summary.aspiration.isEmpty ? "(none yet)" : summary.aspiration)",
            "Engagement: \(summary.engagement)",
            "Boundaries:",
        ]
        lines += summary.boundaries.map { "  - \($0)" }
        lines.append(
            summary.establishBaseline
                ? "Baseline: the first 14 days establish your baseline before the plan changes."
                : "Baseline: off; your coach starts adjusting the plan right away.")
        return lines
    }

    /// The structured goal in one line, with where it came from.
    static func goal(_ goal: StructuredGoal) -> String {
        var parts = ["\(goal.goalType) (measured by \(goal.primaryMetric))"]
        if let target = goal.specificTarget { parts.append("target \(target)") }
        if let timeframe = goal.timeframe { parts.append("timeframe \(timeframe)") }
        if let why = goal.whyImportant { parts.append("why it matters: \(why)") }
        return parts.joined(separator: ", ")
    }

    /// Everything `airfit persona show` prints: the summary, then the details behind it.
    static func profile(_ persona: PersonaProfile) -> [String] {
        var lines = summary(PersonaSynthesis.summary(of: persona))
        if let goal = persona.structuredGoal { lines.append("Goal: \(self.goal(goal))") }
        let blend = persona.coachingStyle.percentages
        lines.append(
            "Style blend: "
                + CoachingStylePreferences.Style.allCases.map { "\($0.shortName) \(blend[$0] ?? 0)%" }.joined(separator: ", "))
        let life = persona.lifeContext.selectedItems
        lines.append("Life right now: \(life.isEmpty ? "not said" : life.joined(separator: ", "))")
        if persona.availability.isEmpty {
            lines.append("Availability: not given")
        } else {
            lines.append(
                "Availability: " + persona.availability.map { "\($0.dayName) \($0.startTime)–\($0.endTime)" }.joined(separator: ", "))
        }
        let sleep = persona.sleepSchedule
        lines.append("Sleep: \(sleep.bedtime) to \(sleep.wakeTime), \(sleep.rhythm.displayName.lowercased())")
        let motivation = persona.motivationStyle
        lines.append(
            "Motivation: \(motivation.achievementStyle.displayName) for wins, \(motivation.inactivityStyle.displayName) when you go quiet")
        return lines
    }
}
