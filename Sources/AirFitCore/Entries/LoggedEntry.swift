public import Foundation

/// Names one logged thing: its kind and id (what links, the undo and the coach's tools refer to).
public struct EntryReference: Hashable, Sendable, Codable {
    public var kind: HistoryKind
    public var id: UUID

    /// Creates a reference.
    public init(kind: HistoryKind, id: UUID) {
        self.kind = kind
        self.id = id
    }
}

/// One logged thing: a workout, a meal or a check-in.
public enum LoggedEntry: Sendable, Equatable {
    case workout(Workout)
    case meal(FoodEntry)
    case checkin(DailyLog)

    /// Its kind and id.
    public var reference: EntryReference {
        switch self {
        case .workout(let workout): EntryReference(kind: .workout, id: workout.id)
        case .meal(let meal): EntryReference(kind: .meal, id: meal.id)
        case .checkin(let log): EntryReference(kind: .checkin, id: log.id)
        }
    }

    /// Whose it is.
    public var userID: UUID {
        switch self {
        case .workout(let workout): workout.userID
        case .meal(let meal): meal.userID
        case .checkin(let log): log.userID
        }
    }

    /// The day it belongs to (`yyyy-MM-dd` in the time zone `zone`).
    public func day(zone: String) -> String {
        switch self {
        case .workout(let workout): DailyLog.day(of: workout.startedAt, timeZone: zone)
        case .meal(let meal): DailyLog.day(of: meal.loggedAt, timeZone: zone)
        case .checkin(let log): log.day
        }
    }

    /// "Run, 30 min" / "Breakfast: oats, banana · 450 kcal" / "Check-in: energy 4/5, 72 kg".
    public func title(units: MeasurementSystem) -> String {
        switch self {
        case .workout(let workout):
            return "\(workout.type.capitalized), \(FiniteNumber.displayInt(workout.durationMinutes)) min"
        case .meal(let meal):
            return "\(meal.mealType.displayName): \(meal.items.map(\.name).joined(separator: ", ")) · "
                + "\(FiniteNumber.displayInt(meal.totalCalories)) kcal"
        case .checkin(let log):
            let parts = log.summaryParts(units: units)
            return "Check-in: " + (parts.isEmpty ? "saved" : parts.joined(separator: ", "))
        }
    }

    /// "workout", "meal", "check-in": how a sentence names it.
    public var noun: String { reference.kind.singular.lowercased() }

    /// Problems with it when it is stored at `now` (empty when it may be).
    public func problems(now: Date) -> [String] {
        switch self {
        case .workout(let workout): EntryRule.problems(workout, now: now)
        case .meal(let meal): EntryRule.problems(meal, now: now)
        case .checkin(let log): log.validationProblems
        }
    }
}
