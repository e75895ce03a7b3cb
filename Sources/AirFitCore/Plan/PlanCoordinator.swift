public import Foundation

/// The training plan's loop, shared by the web app, the coach's tools and the CLI: it makes the plan from onboarding,
/// saves the person's edits, runs the rules after each logged workout and once a week, turns their changes into
/// recommendations (applied at once under auto-pilot when the kind allows), and carries out the person's decisions.
///
/// Every write checks the plan's version, so nothing computed against an older plan lands on a newer one.
public struct PlanCoordinator: Sendable {
    let repository: any AirFitRepository
    let reasons: any PlanReasonWriting
    let autopilot: any AutopilotSettingWriting
    let now: @Sendable () -> Date

    /// How many times a write that lost a race with another change is recomputed and tried again.
    static let attempts = 3

    /// Creates the coordinator.
    /// - Parameters:
    ///   - reasons: words each recommendation's reason (the coach's model, or ``PlainPlanReasons``).
    ///   - autopilot: saves the auto-pilot setting (``UserAutopilotSetting`` unless a test makes it fail).
    public init(
        repository: any AirFitRepository, reasons: any PlanReasonWriting = PlainPlanReasons(),
        autopilot: (any AutopilotSettingWriting)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.repository = repository
        self.reasons = reasons
        self.autopilot = autopilot ?? UserAutopilotSetting(users: repository)
        self.now = now
    }

    // MARK: The plan

    /// The person's plan, if they have one.
    public func plan(for user: User) async throws -> TrainingPlan? { try await repository.trainingPlan(userID: user.id) }

    /// The times the person said they can train (onboarding screen 6); empty before onboarding.
    public func availability(for user: User) async throws -> [WorkoutAvailabilityBlock] {
        guard let profile = try await repository.onboardingProfile(userID: user.id) else { return [] }
        return try profile.persona().availability
    }

    /// Makes the plan when onboarding completes, and again when the person refines their persona: from the template
    /// library when the plan is new or untouched, otherwise keeping every session the person edited that still fits
    /// their availability and filling free slots from the template.
    @discardableResult
    public func makePlan(for user: User, profile: OnboardingProfile) async throws -> TrainingPlan {
        let persona = try profile.persona()
        let fresh = PlanTemplates.plan(
            userID: user.id, aspiration: PlanTemplates.aspiration(of: persona), lifeSnapshot: persona.lifeContext,
            availability: persona.availability)
        for _ in 1...Self.attempts {
            let existing = try await repository.trainingPlan(userID: user.id)
            let plan = existing.map { Self.refined($0, with: fresh, availability: persona.availability) } ?? fresh
            if try await repository.savePlan(plan, expectedVersion: existing?.version, recommendations: []) { return plan }
        }
        throw PlanCoordinatorError.planChanged
    }

    /// `existing` renewed from `fresh`: replaced when never changed (version 1), else its sessions that still sit alone
    /// in an availability block kept, and `fresh`'s sessions added in the blocks left free, up to `fresh`'s count.
    static func refined(_ existing: TrainingPlan, with fresh: TrainingPlan, availability: [WorkoutAvailabilityBlock]) -> TrainingPlan {
        var plan = existing
        plan.version = existing.version + 1
        guard existing.version > 1 else {
            plan.sessions = fresh.sessions
            return plan
        }
        var taken: [WorkoutAvailabilityBlock] = []
        var kept: [PlannedSession] = []
        for session in existing.sessions {
            guard let block = session.slot.block(in: availability), !taken.contains(block) else { continue }
            taken.append(block)
            kept.append(session)
        }
        for session in fresh.sessions where kept.count < max(fresh.sessions.count, 1) {
            guard let block = session.slot.block(in: availability), !taken.contains(block) else { continue }
            taken.append(block)
            kept.append(session)
        }
        plan.sessions = kept
        return plan
    }

    /// Applies the person's edits to their plan, all or none (each adds one to the version).
    /// - Parameter expectedVersion: the version the person's page showed; `nil` edits whatever is current.
    /// - Throws: ``PlanCoordinatorError/planChanged`` when the plan moved on, `.edit` when an edit breaks a rule.
    @discardableResult
    public func edit(_ edits: [PlanEdit], user: User, expectedVersion: Int?) async throws -> TrainingPlan {
        guard let plan = try await repository.trainingPlan(userID: user.id) else { throw PlanCoordinatorError.noPlan }
        if let expectedVersion, expectedVersion != plan.version { throw PlanCoordinatorError.planChanged }
        guard !edits.isEmpty else { return plan }
        let availability = try await availability(for: user)
        var edited = plan
        do {
            for edit in edits { edited = try edited.applying(edit, availability: availability) }
        } catch {
            throw PlanCoordinatorError.edit(error)
        }
        guard try await repository.savePlan(edited, expectedVersion: plan.version, recommendations: []) else {
            throw PlanCoordinatorError.planChanged
        }
        return edited
    }

    // MARK: Auto-pilot

    /// Whether auto-pilot is on, read from the store (never from a page's copy).
    public func isAutopilotOn(userID: UUID) async throws -> Bool {
        try await repository.user(id: userID)?.isAutopilotOn ?? false
    }

    /// Saves the auto-pilot setting.
    public func setAutopilot(_ isOn: Bool, userID: UUID) async throws { try await autopilot.setAutopilot(isOn, userID: userID) }
}
