import AirFitCore
import Testing

@Suite("OnboardingScreen")
struct OnboardingScreenTests {
    @Test("There are ten screens in the spec's order")
    func order() {
        #expect(
            OnboardingScreen.allCases == [
                .openingScreen, .lifeSnapshot, .coreAspiration, .coachingStyle, .engagementPreferences,
                .typicalAvailability, .sleepAndBoundaries, .motivationAndCheckins, .generatingCoach, .coachProfileReady,
            ])
    }

    @Test("Progress is exactly index / (count − 2)", arguments: OnboardingScreen.allCases.enumerated().map { ($0.offset, $0.element) })
    func progress(index: Int, screen: OnboardingScreen) {
        #expect(screen.progress == Double(index) / 8.0)
    }

    @Test("Progress reaches 1 on the generating screen and goes past it on the last screen")
    func progressEnds() {
        #expect(OnboardingScreen.openingScreen.progress == 0)
        #expect(OnboardingScreen.lifeSnapshot.progress == 0.125)
        #expect(OnboardingScreen.generatingCoach.progress == 1)
        #expect(OnboardingScreen.coachProfileReady.progress == 1.125)
    }

    @Test("The progress line is hidden on the opening, generating and ready screens", arguments: OnboardingScreen.allCases)
    func showsProgress(screen: OnboardingScreen) {
        let hidden: Set<OnboardingScreen> = [.openingScreen, .generatingCoach, .coachProfileReady]
        #expect(screen.showsProgress == !hidden.contains(screen))
    }

    @Test("Only the opening screen has no title")
    func titles() {
        for screen in OnboardingScreen.allCases {
            #expect(screen.title.isEmpty == (screen == .openingScreen), "\(screen)")
        }
    }
}
