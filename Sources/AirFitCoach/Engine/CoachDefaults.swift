import AirFitCore

/// What the coach uses before onboarding is finished.
enum CoachDefaults {
    /// A balanced persona built from an untouched onboarding draft.
    static let persona = PersonaSynthesis.profile(from: OnboardingDraft())
}
