import AirFitAI
import AirFitCore
import Foundation

@testable import AirFitCoach

/// A person with a training plan in an in-memory store: a Monday lower-body session (Back Squat 3 × 5 at 100 kg, Biceps
/// Curl 3 × 12 at 20 kg) and a Thursday run (Easy Run, 30 min), inside Monday 07:00–08:00, Thursday 18:00–19:30 and
/// Saturday 09:00–11:00 availability, at a fixed clock (Monday 23 November 2026, 20:00 UTC).
struct PlanCoachFixture {
    static let now = ISO8601.date(from: "2026-11-23T20:00:00Z")!
    static let monday = block(2, "07:00", "08:00")
    static let thursday = block(5, "18:00", "19:30")
    static let saturday = block(7, "09:00", "11:00")

    let store: InMemoryStore
    let vault: InMemorySecretVault
    let user: User
    let coordinator: PlanCoordinator
    let plan: TrainingPlan

    /// A fixture; `provider` nil leaves the person without an AI provider.
    static func make(
        units: MeasurementSystem = .metric, autopilot: Bool = false, provider: String? = "openai", exclusions: [String]? = nil,
        plan makePlan: (UUID) -> TrainingPlan? = { standardPlan(userID: $0) }
    ) async throws -> PlanCoachFixture {
        let store = InMemoryStore()
        var user = User(
            name: "Ada", preferredUnits: units, selectedAIProvider: provider, selectedAIModel: "gpt-test", timeZone: "UTC",
            weekStart: .monday)
        user.autopilotEnabled = autopilot
        user.coachContextExclusions = exclusions
        try await store.createUser(user)
        var persona = PersonaSynthesis.profile(from: OnboardingDraft())
        persona.availability = [monday, thursday, saturday]
        let personaData = try JSONCoding.encoder.encode(persona)
        let profile = OnboardingProfile(
            userID: user.id, personaPromptData: personaData, communicationPreferencesData: Data("{}".utf8),
            rawFullProfileData: personaData, createdAt: now, updatedAt: now)
        try await store.saveOnboarding(profile, user: user)
        let vault = InMemorySecretVault()
        if let provider { try await vault.saveSecret("sk-test-0123456789abcdefghijkl", provider: provider, userID: user.id) }
        let plan = makePlan(user.id)
        if let plan { _ = try await store.savePlan(plan, expectedVersion: nil, recommendations: []) }
        return PlanCoachFixture(
            store: store, vault: vault, user: user, coordinator: PlanCoordinator(repository: store, now: { now }),
            plan: plan ?? TrainingPlan(userID: user.id))
    }

    /// The plan the fixture describes, at version 3.
    static func standardPlan(userID: UUID) -> TrainingPlan {
        TrainingPlan(
            userID: userID, version: 3,
            sessions: [
                PlannedSession(
                    slot: SessionSlot(monday), focus: .lower,
                    exercises: [
                        PlannedExercise(name: "Back Squat", kind: .compound, target: .strength(sets: 3, reps: 5, loadKilograms: 100)),
                        PlannedExercise(name: "Biceps Curl", kind: .isolation, target: .strength(sets: 3, reps: 12, loadKilograms: 20)),
                    ]),
                PlannedSession(
                    slot: SessionSlot(thursday), focus: .run,
                    exercises: [PlannedExercise(name: "Easy Run", kind: .cardio, target: .cardio(minutes: 30, kilometres: nil))]),
            ])
    }

    static func block(_ day: Int, _ start: String, _ end: String) -> WorkoutAvailabilityBlock {
        WorkoutAvailabilityBlock(dayOfWeek: day, startTime: TimeOfDay(start)!, endTime: TimeOfDay(end)!)
    }

    /// The tools' context, with the plan coordinator unless `withPlan` is false.
    func context(withPlan: Bool = true) -> ToolContext {
        ToolContext(user: user, repository: store, now: Self.now, plan: withPlan ? coordinator : nil)
    }

    /// The plan's exercise named `name`, with its session.
    func exercise(_ name: String, in plan: TrainingPlan? = nil) -> (PlannedSession, PlannedExercise)? {
        for session in (plan ?? self.plan).sessions {
            if let exercise = session.exercises.first(where: { $0.name == name }) { return (session, exercise) }
        }
        return nil
    }

    /// The plan as stored now.
    func storedPlan() async throws -> TrainingPlan? { try await store.trainingPlan(userID: user.id) }

    /// The recommendations as stored now.
    func storedRecommendations() async throws -> [Recommendation] { try await store.recommendations(userID: user.id) }
}

extension ToolOutcome {
    /// The result as JSON.
    func json() throws -> JSONValue { try JSONValue(data: Data(resultJSON.utf8)) }

    /// The error message of an error outcome.
    var errorMessage: String? {
        guard isError, case .object(let object)? = try? json(), case .string(let message)? = object["error"] else { return nil }
        return message
    }
}
