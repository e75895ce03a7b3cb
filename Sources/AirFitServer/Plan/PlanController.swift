import AirFitCore
import Foundation
import Hummingbird

/// The training plan: `/plan` shows the week and today's session; a session's page edits its slot and targets; sessions
/// and exercises are added and removed; the goal day is set. Every save checks the version the page showed.
struct PlanController: Sendable {
    let plans: PlanCoordinator
    let repository: any AirFitRepository
    let now: @Sendable () -> Date
    let views: Views

    static let path = "/plan"
    static let title = "Your plan"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            var page = try await planPage(context.signed.user)
            if request.uri.queryParameters["saved"] != nil { page.notices = ["Saved."] }
            return views.response(page, title: Self.title, signed: context.signed)
        }
        group.post("/plan/sessions") { request, context -> Response in
            let user = context.signed.user
            let form = try await request.decodeForm(FormFields.self).values
            let availability = try await plans.availability(for: user)
            guard let block = PlanSlots.block(form["slot"], in: availability),
                let focus = form["focus"].flatMap(SessionFocus.init(rawValue:))
            else {
                return try await planProblem("Pick one of your free times and a focus for the session.", context)
            }
            let session = PlannedSession(slot: SessionSlot(block), focus: focus)
            return try await save([.addSession(session)], form: form, context: context, to: "/plan/sessions/\(session.id.uuidString)")
        }
        group.post("/plan/goal") { request, context -> Response in
            let form = try await request.decodeForm(FormFields.self).values
            let day = form["goalDay"].flatMap { $0.isEmpty ? nil : $0 }
            return try await save([.changeGoalDay(day: day)], form: form, context: context, to: "\(Self.path)?saved=1")
        }
        group.post("/plan/time-goal") { request, context -> Response in
            let form = try await request.decodeForm(FormFields.self).values
            let input = TimeGoalInput(distance: form["distance"], minutes: form["minutes"], day: form["timeGoalDay"])
            let goal: TimeGoal?
            do throws(PlanEditError) {
                goal = try input.goal(units: context.signed.user.preferredUnits)
            } catch {
                return try await planProblem(error.errorDescription ?? "", context)
            }
            return try await save([.changeTimeGoal(goal)], form: form, context: context, to: "\(Self.path)?saved=1")
        }
        group.get("/plan/sessions/:plannedSession") { _, context -> Response in
            let (plan, session) = try await find(context)
            let page = PlanSessionView(
                session: session, plan: plan, availability: try await plans.availability(for: context.signed.user),
                user: context.signed.user)
            return views.response(page, title: "Edit \(session.focus.displayName)", signed: context.signed)
        }
        group.post("/plan/sessions/:plannedSession") { request, context -> Response in
            try await saveSession(request, context)
        }
        group.post("/plan/sessions/:plannedSession/remove") { request, context -> Response in
            let (_, session) = try await find(context)
            let form = try await request.decodeForm(FormFields.self).values
            return try await save([.removeSession(sessionID: session.id)], form: form, context: context, to: "\(Self.path)?saved=1")
        }
        group.post("/plan/sessions/:plannedSession/exercises") { request, context -> Response in
            let (plan, session) = try await find(context)
            let user = context.signed.user
            let form = try await request.decodeForm(FormFields.self).values
            let kind = form["kind"].flatMap(ExerciseKind.init(rawValue:)) ?? .compound
            let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
            let input = ExerciseTargetInput(
                sets: form["sets"], reps: form["reps"], load: form["load"], minutes: form["minutes"], distance: form["distance"])
            let target: ExerciseTarget
            do throws(PlanEditError) {
                target = try input.target(kind: kind, units: user.preferredUnits)
            } catch {
                return try await sessionProblem(error.errorDescription ?? "", plan: plan, session: session, context: context)
            }
            let exercise = PlannedExercise(name: name, kind: kind, target: target)
            return try await save(
                [.addExercise(sessionID: session.id, exercise: exercise)], form: form, context: context, to: sessionPath(session))
        }
        group.post("/plan/sessions/:plannedSession/exercises/:exercise/remove") { request, context -> Response in
            let (_, session) = try await find(context)
            guard let exercise = context.parameters.get("exercise").flatMap(UUID.init(uuidString:)), session.exercise(id: exercise) != nil
            else { throw HTTPError(.notFound, message: PlanEditError.exerciseNotFound.errorDescription ?? "") }
            let form = try await request.decodeForm(FormFields.self).values
            return try await save(
                [.removeExercise(sessionID: session.id, exerciseID: exercise)], form: form, context: context, to: sessionPath(session))
        }
    }

    /// Saves the session page: a move to another slot and every target that changed, all or none.
    private func saveSession(_ request: Request, _ context: SignedInRequestContext) async throws -> Response {
        let (plan, session) = try await find(context)
        let user = context.signed.user
        let form = try await request.decodeForm(FormFields.self).values
        let availability = try await plans.availability(for: user)
        var edits: [PlanEdit] = []
        var posted: [UUID: ExerciseTargetInput] = [:]
        // An exercise whose fields the form didn't send keeps its target.
        for exercise in session.exercises {
            let key = exercise.id.uuidString
            let names = ["sets_", "reps_", "load_", "minutes_", "distance_"].map { $0 + key }
            guard names.contains(where: { form[$0] != nil }) else { continue }
            posted[exercise.id] = ExerciseTargetInput(
                sets: form["sets_\(key)"], reps: form["reps_\(key)"], load: form["load_\(key)"], minutes: form["minutes_\(key)"],
                distance: form["distance_\(key)"])
        }
        if let chosen = form["slot"] {
            guard let block = PlanSlots.block(chosen, in: availability) else {
                return try await sessionProblem(
                    PlanEditError.outsideAvailability.errorDescription ?? "", plan: plan, session: session, context: context)
            }
            if !session.slot.isInside(block) { edits.append(.moveSession(sessionID: session.id, to: SessionSlot(block))) }
        }
        for exercise in session.exercises {
            guard let input = posted[exercise.id], input != ExerciseTargetInput(exercise.target, units: user.preferredUnits) else {
                continue
            }
            do throws(PlanEditError) {
                let target = try input.target(kind: exercise.kind, units: user.preferredUnits)
                if target != exercise.target { edits.append(.changeTarget(sessionID: session.id, exerciseID: exercise.id, target: target)) }
            } catch {
                let page = PlanSessionView(
                    session: session, plan: plan, availability: availability, user: user, posted: posted, invalid: exercise.id)
                return views.response(
                    page, title: "Edit \(session.focus.displayName)", signed: context.signed,
                    problems: ["\(exercise.name): \(error.errorDescription ?? "")"], status: .unprocessableContent)
            }
        }
        return try await save(edits, form: form, context: context, to: "\(Self.path)?saved=1")
    }

    /// Applies `edits` against the version the page showed, then redirects to `path`; a refusal re-renders the plan page
    /// with the message.
    private func save(_ edits: [PlanEdit], form: [String: String], context: SignedInRequestContext, to path: String) async throws
        -> Response
    {
        let version = form["version"].flatMap { Int($0) }
        do {
            try await plans.edit(edits, user: context.signed.user, expectedVersion: version)
        } catch let error as PlanCoordinatorError {
            return try await planProblem(
                error.errorDescription ?? "", context, status: error == .planChanged ? .conflict : .unprocessableContent)
        }
        return WebResponses.redirect(path)
    }

    private func planProblem(_ message: String, _ context: SignedInRequestContext, status: HTTPResponse.Status = .unprocessableContent)
        async throws -> Response
    {
        let page = try await planPage(context.signed.user)
        return views.response(page, title: Self.title, signed: context.signed, problems: [message], status: status)
    }

    private func sessionProblem(_ message: String, plan: TrainingPlan, session: PlannedSession, context: SignedInRequestContext)
        async throws -> Response
    {
        let page = PlanSessionView(
            session: session, plan: plan, availability: try await plans.availability(for: context.signed.user), user: context.signed.user)
        return views.response(
            page, title: "Edit \(session.focus.displayName)", signed: context.signed, problems: [message], status: .unprocessableContent)
    }

    private func sessionPath(_ session: PlannedSession) -> String { "/plan/sessions/\(session.id.uuidString)" }

    /// The person's plan and the session the path names.
    private func find(_ context: SignedInRequestContext) async throws -> (TrainingPlan, PlannedSession) {
        guard let plan = try await plans.plan(for: context.signed.user) else {
            throw HTTPError(.notFound, message: PlanCoordinatorError.noPlan.errorDescription ?? "")
        }
        guard let id = context.parameters.get("plannedSession").flatMap(UUID.init(uuidString:)), let session = plan.session(id: id) else {
            throw HTTPError(.notFound, message: PlanEditError.sessionNotFound.errorDescription ?? "")
        }
        return (plan, session)
    }

    /// The plan page with this week's sessions marked done when a logged workout matched them.
    private func planPage(_ user: User) async throws -> PlanView {
        let plan = try await plans.plan(for: user)
        let date = now()
        var done: Set<UUID> = []
        if let plan {
            let calendar = PlanCalendar(user: user)
            let workouts = try await repository.workouts(
                userID: user.id, query: RecordQuery(from: calendar.startOfWeek(containing: date), to: date.addingTimeInterval(86_400)))
            done = Set(workouts.compactMap { PlanMatching.session(for: $0, in: plan, calendar: calendar)?.id })
        }
        return PlanView(plan: plan, availability: try await plans.availability(for: user), done: done, now: date, user: user)
    }
}
