import AirFitCore
import Foundation

/// Builds the live part of the system prompt: the last week's workouts, meals and daily logs, and the weather.
struct CoachContextBuilder: Sendable {
    let repository: any AirFitRepository
    let weather: (any CoachWeatherSource)?
    /// Days of history summarised.
    static let days = 7
    /// Lines per record kind, newest first.
    static let linesPerKind = 5

    /// The context for `user` at `now`; data that cannot be read is left out rather than failing the reply.
    func context(for user: User, now: Date, tools: [ToolDescription]) async -> PromptContext {
        // What the person keeps out of requests is not even read.
        let policy = CoachContextPolicy(user: user)
        let context = PromptContext(
            now: now, weather: policy.shares(.weatherLocation) ? await weatherLine(user) : nil,
            recentActivity: policy.shares(.recentActivity) ? await activityAndPlan(user, now: now, policy: policy) : [], tools: tools)
        return policy.filtering(context)
    }

    /// The last week's records, then the plan's lines; when only the plan has lines, a line saying nothing was logged.
    private func activityAndPlan(_ user: User, now: Date, policy: CoachContextPolicy) async -> [String] {
        let logged = await activity(user, now: now)
        let plan = await planLines(user, now: now, policy: policy)
        guard !plan.isEmpty else { return logged }
        return (logged.isEmpty ? ["No workouts, meals or check-ins logged in the last \(Self.days) days."] : logged) + plan
    }

    private func activity(_ user: User, now: Date) async -> [String] {
        let since = now.addingTimeInterval(-Double(Self.days) * 86_400)
        let query = RecordQuery(from: since, limit: Self.linesPerKind)
        let units = user.preferredUnits
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        var lines: [String] = []
        if let workouts = try? await repository.workouts(userID: user.id, query: query) {
            lines += workouts.map { workout in
                var text =
                    "\(Self.day(workout.startedAt, zone)): workout \(workout.type), \(FiniteNumber.displayInt(workout.durationMinutes)) min"
                if !workout.exercises.isEmpty { text += ", \(workout.exercises.map(\.name).joined(separator: ", "))" }
                return text
            }
        }
        if let meals = try? await repository.foodEntries(userID: user.id, query: query) {
            lines += meals.map { meal in
                "\(Self.day(meal.loggedAt, zone)): \(meal.mealType.rawValue) \(meal.items.map(\.name).joined(separator: ", "))"
                    + " (\(FiniteNumber.displayInt(meal.totalCalories)) kcal, \(FiniteNumber.displayInt(meal.totalProteinGrams)) g protein)"
            }
        }
        if let logs = try? await repository.dailyLogs(
            userID: user.id, fromDay: DailyLog.day(of: since, timeZone: user.timeZone), toDay: nil,
            query: RecordQuery(limit: Self.linesPerKind))
        {
            lines += logs.map { log in
                let parts = log.summaryParts(units: units)
                return "\(log.day): daily check-in, " + (parts.isEmpty ? "no values" : parts.joined(separator: ", "))
            }
        }
        return lines
    }

    private func weatherLine(_ user: User) async -> String? {
        guard let location = user.location, let weather else { return nil }
        guard
            let summary = try? await weather.weatherSummary(
                latitude: location.latitude, longitude: location.longitude, units: user.preferredUnits),
            case .object(let object) = summary, case .string(let now)? = object["now"]
        else { return nil }
        return "\(now) at \(location.name ?? "their saved location")."
    }

    private static func day(_ date: Date, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE d MMM"
        return formatter.string(from: date)
    }
}
