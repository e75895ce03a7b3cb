import AirFitCore
import Foundation

/// The AI coach persona page: the set-up prompt, or the saved persona.
struct PersonaView: PageView {
    static let template = "persona"

    /// A saved persona: tags, blend chart, communication rows and summary.
    struct Profile: Sendable {
        /// One style tag; the first is the primary one.
        struct Tag: Sendable {
            let name: String
            let style: String
            let primary: Bool
            let role: String
        }

        let tags: [Tag]
        let sentence: String
        let aspiration: String
        let chartLabel: String
        let segments: [BlendChart.Segment]
        let legend: [BlendChart.LegendRow]
        let leadPercent: Int
        let absence: String
        let celebration: String
        let quietHours: String
        /// A refinement was started and not finished.
        var hasDraft = false

        /// The rows of `profile`.
        /// - Throws: A decoding error when the stored documents cannot be read.
        init(_ profile: OnboardingProfile) throws {
            let persona = try profile.persona()
            let communication = try profile.communicationPreferences()
            let summary = PersonaSynthesis.summary(of: persona)
            let chart = BlendChart(persona.coachingStyle)
            tags = summary.styleTags.enumerated().map { index, name in
                let style = CoachingStylePreferences.Style.allCases.first { $0.shortName == name }
                return Tag(name: name, style: style?.rawValue ?? "", primary: index == 0, role: index == 0 ? "primary" : "secondary")
            }
            sentence = summary.styleSentence
            aspiration = summary.aspiration
            chartLabel = chart.accessibilityLabel
            segments = chart.segments
            legend = chart.legend
            leadPercent = chart.leadPercent
            absence = communication.absenceResponse ?? communication.inactivityResponse.displayName
            celebration = communication.celebrationStyle ?? communication.achievementAcknowledgement.displayName
            let sleep = persona.sleepSchedule
            quietHours = "\(sleep.bedtime.twelveHourDescription) – \(sleep.wakeTime.twelveHourDescription)"
        }
    }

    /// Nil until the person has a coach.
    let profile: Profile?
}

/// The communication style page: absence response and celebration style.
struct CommunicationView: PageView {
    static let template = "communication"
    let hasProfile: Bool
    let absence: [Choice]
    let celebration: [Choice]

    /// The form with `motivation` checked (no options without a profile).
    init(hasProfile: Bool, motivation: MotivationStyle?) {
        self.hasProfile = hasProfile
        absence = InactivityResponseStyle.allCases.map { style in
            Choice(value: style.rawValue, name: style.displayName, checked: style == motivation?.inactivityStyle)
        }
        celebration = AchievementStyle.allCases.map { style in
            Choice(value: style.rawValue, name: style.displayName, checked: style == motivation?.achievementStyle)
        }
    }
}
