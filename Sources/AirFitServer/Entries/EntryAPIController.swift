import AirFitCore
import Foundation
import Hummingbird

/// Workouts, meals and daily check-ins as JSON (`/api/v1/workouts`, `/api/v1/meals`, `/api/v1/daily-logs`): lists
/// newest first with cursor pages and day filters, one by id, create, change (PATCH: the fields sent), delete. Every
/// change goes through Core's entry rules, the same the web forms use; another member's id answers 404.
struct EntryAPIController: Sendable {
    let repository: any AirFitRepository
    let plans: PlanCoordinator
    let now: @Sendable () -> Date

    /// The most exercises or foods one body carries (as the web form).
    static let maximumRows = EntryForm.maximumRows

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/api/v1/workouts") { request, context -> Response in
            let user = context.user
            let list = try EntryListQuery(EntryListQuery.parameters(of: request))
            let (query, before) = try datedQuery(list, user: user)
            let found = try await repository.workouts(userID: user.id, query: query)
            return try page(found.map { WorkoutJSON($0, user: user) }, list: list, query: query, before: before)
        }
        group.post("/api/v1/workouts") { request, context -> Response in
            let user = context.user
            let body = try await APIJSON.decode(WorkoutBody.self, request, what: "a workout")
            try Self.require(body.missing)
            guard (body.exercises?.count ?? 0) <= Self.maximumRows else { throw Self.tooMany("exercises") }
            let blank = WorkoutInput(type: "", day: "", time: "", durationMinutes: "")
            let workout = try Self.checked { () throws(EntryProblems) in
                try body.applied(to: blank).workout(from: nil, user: user, now: now())
            }
            try await repository.addWorkout(workout)
            _ = await plans.workoutLogged(user: user)
            return try Self.created(WorkoutJSON(workout, user: user), at: "/api/v1/workouts/\(workout.id.uuidString)")
        }
        group.get("/api/v1/workouts/:workout") { _, context -> Response in
            try APIJSON.response(WorkoutJSON(try await workout(context), user: context.user))
        }
        group.patch("/api/v1/workouts/:workout") { request, context -> Response in
            let user = context.user
            let original = try await workout(context)
            let body = try await APIJSON.decode(WorkoutBody.self, request, what: "a workout")
            guard (body.exercises?.count ?? 0) <= Self.maximumRows else { throw Self.tooMany("exercises") }
            let input = body.applied(to: WorkoutInput(original, user: user))
            let edited = try Self.checked { () throws(EntryProblems) in try input.workout(from: original, user: user, now: now()) }
            if edited != original { try await repository.updateWorkout(edited) }
            return try APIJSON.response(WorkoutJSON(edited, user: user))
        }
        group.delete("/api/v1/workouts/:workout") { _, context -> Response in
            try await delete(.workout, parameter: "workout", context)
        }

        group.get("/api/v1/meals") { request, context -> Response in
            let user = context.user
            let list = try EntryListQuery(EntryListQuery.parameters(of: request))
            let (query, before) = try datedQuery(list, user: user)
            let found = try await repository.foodEntries(userID: user.id, query: query)
            return try page(found.map { MealJSON($0, user: user) }, list: list, query: query, before: before)
        }
        group.post("/api/v1/meals") { request, context -> Response in
            let user = context.user
            let body = try await APIJSON.decode(MealBody.self, request, what: "a meal")
            try Self.require(body.missing)
            guard (body.items?.count ?? 0) <= Self.maximumRows else { throw Self.tooMany("items") }
            let blank = MealInput(mealType: "", day: "", time: "", items: [])
            let meal = try Self.checked { () throws(EntryProblems) in try body.applied(to: blank).meal(from: nil, user: user, now: now()) }
            try await repository.addFoodEntry(meal)
            return try Self.created(MealJSON(meal, user: user), at: "/api/v1/meals/\(meal.id.uuidString)")
        }
        group.get("/api/v1/meals/:meal") { _, context -> Response in
            try APIJSON.response(MealJSON(try await meal(context), user: context.user))
        }
        group.patch("/api/v1/meals/:meal") { request, context -> Response in
            let user = context.user
            let original = try await meal(context)
            let body = try await APIJSON.decode(MealBody.self, request, what: "a meal")
            guard (body.items?.count ?? 0) <= Self.maximumRows else { throw Self.tooMany("items") }
            let input = body.applied(to: MealInput(original, user: user))
            let edited = try Self.checked { () throws(EntryProblems) in try input.meal(from: original, user: user, now: now()) }
            if edited != original { try await repository.updateFoodEntry(edited) }
            return try APIJSON.response(MealJSON(edited, user: user))
        }
        group.delete("/api/v1/meals/:meal") { _, context -> Response in
            try await delete(.meal, parameter: "meal", context)
        }

        group.get("/api/v1/daily-logs") { request, context -> Response in
            let user = context.user
            let list = try EntryListQuery(EntryListQuery.parameters(of: request))
            var toDay = list.toDay
            switch list.cursor {
            case nil: break
            case .day(let day): toDay = min(toDay ?? day, day)
            case .dated: throw Self.foreignCursor
            }
            let found = try await repository.dailyLogs(
                userID: user.id, fromDay: list.fromDay, toDay: toDay, query: RecordQuery(limit: list.limit + 1, newestFirst: true))
            let shown = Array(found.prefix(list.limit))
            let next =
                found.count > list.limit ? shown.last.flatMap { HistoryPage.dayBefore($0.day) }.map { EntryCursor.day($0).text } : nil
            return try APIJSON.response(EntryPageJSON(items: shown.map { DailyLogJSON($0, user: user) }, nextCursor: next))
        }
        group.post("/api/v1/daily-logs") { request, context -> Response in
            let user = context.user
            let body = try await APIJSON.decode(DailyLogBody.self, request, what: "a daily check-in")
            guard let day = body.day else { throw Self.missing(["day"]) }
            if DailyLog.isValidDay(day), let existing = try await repository.dailyLog(userID: user.id, day: day) {
                throw APIProblem(
                    status: .conflict,
                    detail: "There is a check-in for \(day) already; change it with PATCH /api/v1/daily-logs/\(existing.id.uuidString).")
            }
            let input = body.applied(to: CheckinInput(day: day))
            let log = try Self.checked { () throws(EntryProblems) in try input.checkin(from: nil, user: user, now: now()) }
            try await repository.saveDailyLog(log)
            return try Self.created(DailyLogJSON(log, user: user), at: "/api/v1/daily-logs/\(log.id.uuidString)")
        }
        group.get("/api/v1/daily-logs/:dailyLog") { _, context -> Response in
            try APIJSON.response(DailyLogJSON(try await dailyLog(context), user: context.user))
        }
        group.patch("/api/v1/daily-logs/:dailyLog") { request, context -> Response in
            let user = context.user
            let original = try await dailyLog(context)
            let body = try await APIJSON.decode(DailyLogBody.self, request, what: "a daily check-in")
            if let day = body.day, day != original.day {
                throw APIProblem.invalid([.init(field: "day", message: "A check-in stays on its day; create one for \(day) instead.")])
            }
            let input = body.applied(to: CheckinInput(original, user: user))
            let edited = try Self.checked { () throws(EntryProblems) in try input.checkin(from: original, user: user, now: now()) }
            try await repository.saveDailyLog(edited)
            return try APIJSON.response(DailyLogJSON(edited, user: user))
        }
        group.delete("/api/v1/daily-logs/:dailyLog") { _, context -> Response in
            try await delete(.checkin, parameter: "dailyLog", context)
        }
    }
}
