import AirFitCore
import Foundation

/// One onboarding screen: the progress bar, the current screen's fields (only that screen's group is set) and the
/// navigation buttons.
struct OnboardingView: PageView {
    static let template = "onboarding"

    /// Life Snapshot: what describes the person's life.
    struct LifeSnapshot: Sendable { let items: [Choice] }

    /// Core Aspiration: a card or their own words.
    struct CoreAspiration: Sendable {
        let cards: [Choice]
        let aspirationText: String
        /// The longest goal accepted (Core's rule), as the box's `maxlength`.
        let maxLength = OnboardingValidation.maximumAspirationLength
    }

    /// One coaching-style slider with the phrases its script shows.
    struct StyleSlider: Sendable {
        let value: String
        let name: String
        let percent: Int
        let phrase: String
        let low: String
        let medium: String
        let high: String
    }

    /// Coaching Style: the blend sliders.
    struct CoachingStyle: Sendable { let styles: [StyleSlider] }

    /// Engagement: the presets (`detail` is each preset's summary) and the custom switches as saved.
    struct Engagement: Sendable {
        let presets: [Choice]
        let detailedTracking: Bool
        let dailyInsights: Bool
        let autoRecovery: Bool
    }

    /// Sleep & Recovery: bedtime, wake time, rhythm.
    struct Sleep: Sendable {
        let bedtime: String
        let wake: String
        let rhythms: [Choice]
    }

    /// Motivation: milestones, going quiet, units, baseline.
    struct Motivation: Sendable {
        let achievements: [Choice]
        let inactivity: [Choice]
        let units: [Choice]
        let baseline: Bool
        /// The goal is sent to the person's provider for analysis (said in the "Creating your coach" steps).
        let analyzesGoal: Bool
    }

    /// Coach Ready: the summary of the coach about to be made.
    struct Ready: Sendable {
        /// The summary card's lines.
        struct Summary: Sendable {
            let style: String
            let tags: [String]
            let aspiration: String
            let engagement: String
            let boundaries: [String]
            let goalSource: String?
        }

        let summary: Summary
        /// No usable AI provider yet: the screen leads to choosing one.
        var needsProvider = false
    }

    let screen: String
    let heading: String
    let showsProgress: Bool
    let percent: Int
    let canGoBack: Bool
    let isQuestion: Bool
    let isOpening: Bool
    var lifeSnapshot: LifeSnapshot?
    var coreAspiration: CoreAspiration?
    var coachingStyle: CoachingStyle?
    var engagement: Engagement?
    var availability: AvailabilityView?
    var sleep: Sleep?
    var motivation: Motivation?
    var ready: Ready?

    /// The view of the draft's current screen (the availability screen's group is set by the caller, which knows
    /// the typed slot).
    init(_ draft: OnboardingDraft) {
        let screen = draft.screen
        self.screen = screen.rawValue
        heading = screen.title
        showsProgress = screen.showsProgress
        percent = FiniteNumber.displayInt(screen.progress * 100)
        canGoBack = OnboardingFlow.questionScreens.dropFirst().contains(screen)
        isQuestion = OnboardingFlow.questionScreens.contains(screen)
        isOpening = screen == .openingScreen
        switch screen {
        case .lifeSnapshot:
            lifeSnapshot = LifeSnapshot(
                items: LifeSnapshotSelections.Item.allCases.map { item in
                    Choice(value: item.rawValue, name: item.displayName, checked: draft.lifeSnapshot[item])
                })
        case .coreAspiration:
            coreAspiration = CoreAspiration(
                cards: AspirationCard.allCases.map { card in
                    Choice(value: card.rawValue, name: card.displayName, checked: draft.aspirationCard == card)
                },
                aspirationText: draft.aspirationText)
        case .coachingStyle:
            coachingStyle = CoachingStyle(
                styles: CoachingStylePreferences.Style.allCases.map { style in
                    StyleSlider(
                        value: style.rawValue, name: style.displayName, percent: FiniteNumber.displayInt(draft.coachingStyle[style] * 100),
                        phrase: style.phrase(intensity: draft.coachingStyle[style]), low: style.phrase(intensity: 0),
                        medium: style.phrase(intensity: 0.5), high: style.phrase(intensity: 1))
                })
        case .engagementPreferences:
            engagement = Engagement(
                presets: EngagementPreset.allCases.map { preset in
                    Choice(value: preset.rawValue, name: preset.displayName, checked: draft.engagement == preset, detail: preset.summary)
                }, detailedTracking: draft.customEngagement.detailedTracking, dailyInsights: draft.customEngagement.dailyInsights,
                autoRecovery: draft.customEngagement.autoRecoveryAdjust)
        case .sleepAndBoundaries:
            sleep = Sleep(
                bedtime: draft.sleep.bedtime.description, wake: draft.sleep.wakeTime.description,
                rhythms: SleepRhythmType.allCases.map { rhythm in
                    Choice(value: rhythm.rawValue, name: rhythm.displayName, checked: draft.sleep.rhythm == rhythm)
                })
        case .motivationAndCheckins:
            motivation = Motivation(
                achievements: AchievementStyle.allCases.map { style in
                    Choice(value: style.rawValue, name: style.displayName, checked: draft.achievementStyle == style)
                },
                inactivity: InactivityResponseStyle.allCases.map { style in
                    Choice(value: style.rawValue, name: style.displayName, checked: draft.inactivityStyle == style)
                },
                units: MeasurementSystem.allCases.map { system in
                    Choice(value: system.rawValue, name: system.displayName, checked: draft.preferredUnits == system)
                },
                baseline: draft.establishBaseline, analyzesGoal: draft.needsGoalAnalysis)
        case .coachProfileReady:
            let summary = PersonaSynthesis.summary(of: PersonaSynthesis.profile(from: draft))
            ready = Ready(
                summary: .init(
                    style: summary.styleSentence, tags: summary.styleTags, aspiration: summary.aspiration,
                    engagement: summary.engagement, boundaries: summary.boundaries,
                    goalSource: OnboardingForm.goalSource(draft.structuredGoal)))
        case .openingScreen, .typicalAvailability, .generatingCoach:
            break
        }
    }
}
