import AirFitCore
import Foundation

/// One logged workout, meal or check-in: what it holds, with Edit and Delete.
struct EntryView: PageView {
    static let template = "entry"

    let kind: String
    let title: String
    /// "Sunday, 22 November 2026 · 7:30 AM" (a check-in: the day only).
    let when: String
    /// Exercises with their sets, foods with their numbers, or a check-in's values; one line each.
    let lines: [String]
    let hasLines: Bool
    let notes: String?
    let editHref: String
    let deleteAction: String
    let backHref: String
    var notices: [String] = []

    /// The page for `entry`, in `user`'s units and time zone.
    init(_ entry: LoggedEntry, user: User, now: Date) {
        let units = user.preferredUnits
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let day = entry.day(zone: zone.identifier)
        let path = EntryPaths.entry(entry.reference)
        kind = entry.reference.kind.rawValue
        title = entry.title(units: units)
        editHref = "\(path)/edit"
        deleteAction = "\(path)/delete"
        backHref = "/history/\(day)"
        let dayHeading = HistoryView.heading(day, now: now, zone: zone)
        switch entry {
        case .workout(let workout):
            when = "\(dayHeading) · \(HistoryPage.time(workout.startedAt, zone: zone))"
            var lines = workout.exercises.map { exercise in
                exercise.sets.isEmpty ? exercise.name : "\(exercise.name): \(SetNotation.format(exercise.sets, units: units))"
            }
            if let calories = workout.caloriesBurned { lines.append("\(FiniteNumber.displayInt(calories)) kcal burned") }
            self.lines = lines
            notes = workout.notes
        case .meal(let meal):
            when = "\(dayHeading) · \(HistoryPage.time(meal.loggedAt, zone: zone))"
            lines = meal.items.map { item in
                var parts = [item.quantity.map { "\(item.name) (\($0))" } ?? item.name, "\(FiniteNumber.displayInt(item.calories)) kcal"]
                for (label, grams) in [("protein", item.proteinGrams), ("carbs", item.carbsGrams), ("fat", item.fatGrams)] {
                    if let grams { parts.append("\(EntryRule.number((grams * 10).rounded() / 10)) g \(label)") }
                }
                return parts.joined(separator: " · ")
            }
            notes = meal.notes
        case .checkin(let log):
            when = dayHeading
            lines = log.summaryParts(units: units)
            notes = log.notes
        }
        hasLines = !lines.isEmpty
    }
}

/// The addresses of the entry pages.
enum EntryPaths {
    /// `/entries/workout/<id>`.
    static func entry(_ reference: EntryReference) -> String { "/entries/\(reference.kind.rawValue)/\(reference.id.uuidString)" }
}
