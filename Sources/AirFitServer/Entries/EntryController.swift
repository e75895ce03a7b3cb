import AirFitCore
import Foundation
import Hummingbird

/// Every logged workout, meal and check-in, opened, edited and deleted (with an undo for `EntryUndo.seconds`), and the
/// quick log: logging one by form, without the coach.
///
/// `/entries/<kind>/<id>` shows one, `…/edit` is its form, a POST to the address saves it, `…/delete` deletes it
/// and lands on its day in the history with the undo; `/entries/restore` puts it back. `/log` and `/log/<kind>`
/// are the quick log (`workout`, `meal`, `checkin`, `weight`).
struct EntryController: Sendable {
    let repository: any AirFitRepository
    let plans: PlanCoordinator
    let now: @Sendable () -> Date
    let views: Views

    /// The quick log's forms.
    static let quickForms = ["workout", "meal", "weight", "checkin"]

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/entries/:kind/:id") { request, context -> Response in
            let signed = context.signed
            let entry = try await entry(context)
            var page = EntryView(entry, user: signed.user, now: now())
            let query = request.uri.queryParameters
            if query["saved"] != nil { page.notices.append("Saved.") }
            if query["restored"] != nil { page.notices.append("Put back.") }
            return views.response(page, title: entry.reference.kind.singular, signed: signed)
        }
        group.get("/entries/:kind/:id/edit") { _, context -> Response in
            let signed = context.signed
            let entry = try await entry(context)
            let page = EntryFormView.edit(entry.reference, input: EntryInputs(entry, user: signed.user), user: signed.user)
            return views.response(page, title: "Edit \(entry.noun)", signed: signed)
        }
        group.post("/entries/:kind/:id") { request, context -> Response in
            let signed = context.signed
            let original = try await entry(context)
            let form = try await request.decodeForm(EntryForm.self)
            let user = signed.user
            do {
                let edited: LoggedEntry =
                    switch original {
                    case .workout(let workout): .workout(try form.workout.workout(from: workout, user: user, now: now()))
                    case .meal(let meal): .meal(try form.meal.meal(from: meal, user: user, now: now()))
                    case .checkin(let log): .checkin(try form.checkin.checkin(from: log, user: user, now: now()))
                    }
                if edited != original { try await save(edited) }
                return WebResponses.redirect("\(EntryPaths.entry(original.reference))?saved=1")
            } catch let error as EntryProblems {
                let typed: EntryInputs =
                    switch original {
                    case .workout: .workout(form.workout)
                    case .meal: .meal(form.meal)
                    case .checkin: .checkin(form.checkin)
                    }
                let page = EntryFormView.edit(original.reference, input: typed, user: user)
                return views.response(
                    page, title: "Edit \(original.noun)", signed: signed, problems: error.messages, status: .unprocessableContent)
            }
        }
        group.post("/entries/:kind/:id/delete") { _, context -> Response in
            let signed = context.signed
            let reference = try Self.reference(context)
            let at = now()
            _ = try await repository.purgeDeletedEntries(before: at.addingTimeInterval(-EntryUndo.keptSeconds))
            guard let deleted = try await repository.deleteEntry(reference, userID: signed.user.id, at: at) else {
                throw HTTPError(.notFound, message: "That entry does not exist any more; it may have been deleted already.")
            }
            let day = deleted.day(zone: signed.user.timeZone)
            return WebResponses.redirect("/history/\(day)?deleted=\(reference.kind.rawValue)&undo=\(reference.id.uuidString)")
        }
        group.post("/entries/restore") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(RestoreForm.self)
            guard let id = form.id.flatMap(UUID.init(uuidString:)) else {
                throw HTTPError(.badRequest, message: "The undo could not be read. Reload the page and try again.")
            }
            let restored: LoggedEntry?
            do {
                restored = try await repository.restoreEntry(
                    id: id, userID: signed.user.id, deletedSince: now().addingTimeInterval(-EntryUndo.seconds))
            } catch RepositoryError.conflict {
                throw HTTPError(
                    .conflict,
                    message: "A new check-in for that day was saved since, so the deleted one can't come back. Edit the new one instead.")
            }
            guard let restored else {
                throw HTTPError(
                    .gone, message: "Too late to undo: a deleted entry can be put back for \(Int(EntryUndo.seconds)) seconds.")
            }
            return WebResponses.redirect("\(EntryPaths.entry(restored.reference))?restored=1")
        }
        group.get("/log") { _, context -> Response in
            views.response(QuickLogView(), title: "Log", signed: context.signed)
        }
        group.get("/log/:form") { _, context -> Response in
            let signed = context.signed
            let form = try Self.quickForm(context)
            let input = try await blankInput(form, user: signed.user)
            return views.response(
                EntryFormView.quickLog(form, input: input, user: signed.user), title: Self.quickTitle(form), signed: signed)
        }
        group.post("/log/:form") { request, context -> Response in
            let signed = context.signed
            let form = try Self.quickForm(context)
            let posted = try await request.decodeForm(EntryForm.self)
            let user = signed.user
            do {
                switch form {
                case "workout":
                    try await repository.addWorkout(try posted.workout.workout(from: nil, user: user, now: now()))
                    // The rules look at the plan after each logged workout; a suggestion is announced on the home page.
                    if !(await plans.workoutLogged(user: user)).isEmpty { return WebResponses.redirect("/?logged=workout&suggested=1") }
                case "meal": try await repository.addFoodEntry(try posted.meal.meal(from: nil, user: user, now: now()))
                default:
                    // A weight or check-in adds to the day's check-in: what the form leaves blank stays as it was.
                    let input = posted.checkin
                    let day = form == "weight" ? DailyLog.day(of: now(), timeZone: user.timeZone) : input.day
                    let existing = DailyLog.isValidDay(day) ? try await repository.dailyLog(userID: user.id, day: day) : nil
                    var typed = input
                    typed.day = day
                    try await repository.saveDailyLog(try typed.checkin(from: existing, user: user, now: now(), keepingBlanks: true))
                }
                return WebResponses.redirect("/?logged=\(form)")
            } catch let error as EntryProblems {
                let typed: EntryInputs =
                    switch form {
                    case "workout": .workout(posted.workout)
                    case "meal": .meal(posted.meal)
                    default: .checkin(posted.checkin)
                    }
                let page = EntryFormView.quickLog(form, input: typed, user: user)
                return views.response(
                    page, title: Self.quickTitle(form), signed: signed, problems: error.messages, status: .unprocessableContent)
            }
        }
    }

    private func save(_ entry: LoggedEntry) async throws {
        switch entry {
        case .workout(let workout): try await repository.updateWorkout(workout)
        case .meal(let meal): try await repository.updateFoodEntry(meal)
        case .checkin(let log): try await repository.saveDailyLog(log)
        }
    }

    /// The empty quick-log form: now, in the person's zone; a meal type for the time of day; a check-in with what the
    /// day's check-in holds so far.
    private func blankInput(_ form: String, user: User) async throws -> EntryInputs {
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let (day, time) = LocalDateTime.fields(of: now(), zone: zone)
        switch form {
        case "workout": return .workout(WorkoutInput(type: "", day: day, time: time, durationMinutes: ""))
        case "meal": return .meal(MealInput(mealType: MealType.likely(at: time).rawValue, day: day, time: time, items: []))
        default:
            let existing = try await repository.dailyLog(userID: user.id, day: day)
            var input = existing.map { CheckinInput($0, user: user) } ?? CheckinInput(day: day)
            if form == "weight" { input = CheckinInput(day: day, weight: input.weight) }
            return .checkin(input)
        }
    }

    /// The entry the path names, the person's own; 404 otherwise.
    private func entry(_ context: SignedInRequestContext) async throws -> LoggedEntry {
        let reference = try Self.reference(context)
        guard let entry = try await repository.entry(reference, userID: context.signed.user.id) else {
            throw HTTPError(.notFound, message: "That entry does not exist; it may have been deleted. Find it in your history.")
        }
        return entry
    }

    private static func reference(_ context: SignedInRequestContext) throws -> EntryReference {
        guard let kind = context.parameters.get("kind").flatMap(HistoryKind.init(rawValue:)),
            let id = context.parameters.get("id").flatMap(UUID.init(uuidString:))
        else { throw HTTPError(.notFound, message: "There is no such entry. Find it in your history.") }
        return EntryReference(kind: kind, id: id)
    }

    private static func quickForm(_ context: SignedInRequestContext) throws -> String {
        guard let form = context.parameters.get("form"), quickForms.contains(form) else {
            throw HTTPError(.notFound, message: "The quick log has workouts, meals, weight and check-ins.")
        }
        return form
    }

    private static func quickTitle(_ form: String) -> String {
        switch form {
        case "workout": "Log a workout"
        case "meal": "Log a meal"
        case "weight": "Log your weight"
        default: "Check in"
        }
    }
}

/// The undo's form: the deleted entry's id.
struct RestoreForm: Decodable {
    @FormText var id: String?
}
