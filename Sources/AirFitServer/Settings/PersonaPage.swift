import AirFitCore
import Foundation

/// The template values of the AI coach persona and communication style pages.
enum PersonaPage {
    /// The persona page for a saved profile: tags, blend chart, communication rows and summary.
    /// - Throws: A decoding error when the stored documents cannot be read.
    static func context(_ profile: OnboardingProfile) throws -> [String: Any] {
        let persona = try profile.persona()
        let communication = try profile.communicationPreferences()
        let summary = PersonaSynthesis.summary(of: persona)
        let chart = BlendChart(persona.coachingStyle)
        let tags = summary.styleTags.enumerated().map { index, name -> [String: Any] in
            let style = CoachingStylePreferences.Style.allCases.first { $0.shortName == name }
            return ["name": name, "style": style?.rawValue ?? "", "primary": index == 0, "role": index == 0 ? "primary" : "secondary"]
        }
        let sleep = persona.sleepSchedule
        return [
            "tags": tags, "sentence": summary.styleSentence, "aspiration": summary.aspiration,
            "chartLabel": chart.accessibilityLabel, "segments": chart.segments, "legend": chart.legend,
            "leadPercent": chart.leadPercent,
            "absence": communication.absenceResponse ?? communication.inactivityResponse.displayName,
            "celebration": communication.celebrationStyle ?? communication.achievementAcknowledgement.displayName,
            "quietHours": "\(sleep.bedtime.twelveHourDescription) – \(sleep.wakeTime.twelveHourDescription)",
        ]
    }

    /// The communication style form's options, with the profile's current choices checked.
    static func communicationContext(_ motivation: MotivationStyle) -> [String: Any] {
        [
            "absence": InactivityResponseStyle.allCases.map { style -> [String: Any] in
                ["value": style.rawValue, "name": style.displayName, "checked": style == motivation.inactivityStyle]
            },
            "celebration": AchievementStyle.allCases.map { style -> [String: Any] in
                ["value": style.rawValue, "name": style.displayName, "checked": style == motivation.achievementStyle]
            },
        ]
    }
}

/// The coaching-style blend as an SVG donut: one stroked circle per style on a circle of circumference 100,
/// so each segment's dash length is its percentage.
struct BlendChart {
    /// The radius giving a circumference of exactly 100.
    static let radius = 100 / (2 * Double.pi)

    /// Styles with their whole-number percentages (summing to 100), largest first.
    let shares: [(style: CoachingStylePreferences.Style, percent: Int)]

    /// The chart of `blend`.
    init(_ blend: CoachingStylePreferences) {
        let percentages = blend.percentages
        shares = blend.ranked.map { ($0.style, percentages[$0.style] ?? 0) }
    }

    /// "Coaching style blend: Analytical & Insightful 55%, …" for `aria-label`.
    var accessibilityLabel: String {
        "Coaching style blend: " + shares.map { "\($0.style.displayName) \($0.percent)%" }.joined(separator: ", ")
    }

    /// The largest share, shown in the middle.
    var leadPercent: Int { shares.first?.percent ?? 0 }

    /// One segment per non-zero share, clockwise from 12 o'clock.
    var segments: [[String: Any]] {
        var start = 0
        return shares.filter { $0.percent > 0 }.map { share in
            // A positive offset moves the dash start back along the path, which begins at 3 o'clock.
            let offset = ((25 - start) % 100 + 100) % 100
            start += share.percent
            return ["style": share.style.rawValue, "dash": "\(share.percent) \(100 - share.percent)", "offset": offset]
        }
    }

    /// Every style with its share, for the legend.
    var legend: [[String: Any]] {
        shares.map { ["style": $0.style.rawValue, "name": $0.style.displayName, "percent": $0.percent] }
    }
}
