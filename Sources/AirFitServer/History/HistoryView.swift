import AirFitCore
import Foundation

/// The history: days newest first with their workouts, meals and check-ins, filters by kind, and the link to
/// older days (which the page's script follows by itself as the person scrolls).
struct HistoryView: PageView {
    static let template = "history"

    /// A filter link.
    struct Filter: Sendable {
        let value: String
        let title: String
        let href: String
        let current: Bool
    }

    /// One entry line, linking to the entry.
    struct Entry: Sendable {
        let id: String
        let kind: String
        let title: String
        let time: String?
        let href: String
    }

    /// The undo offered after a delete.
    struct Undo: Sendable {
        /// "Workout"
        let noun: String
        let id: String
    }

    /// One day.
    struct Day: Sendable {
        let day: String
        let heading: String
        let href: String
        let entries: [Entry]
    }

    let heading: String
    let filters: [Filter]
    let days: [Day]
    let isEmpty: Bool
    let emptyText: String
    /// The next page of older days (nil on the last page, and on a single day's page).
    let olderHref: String?
    /// On a single day's page: the way back to the whole history.
    let backHref: String?
    /// Just after a delete: the entry that can be put back.
    var undo: Undo?

    init(
        heading: String, days: [HistoryDay], kind: HistoryKind?, base: String, olderThan: String?, backHref: String? = nil,
        now: Date, zone: TimeZone
    ) {
        self.heading = heading
        filters =
            [Filter(value: "all", title: "All", href: base, current: kind == nil)]
            + HistoryKind.allCases.map { option in
                Filter(value: option.rawValue, title: option.title, href: "\(base)?kind=\(option.rawValue)", current: option == kind)
            }
        self.days = days.map { day in
            Day(
                day: day.day, heading: Self.heading(day.day, now: now, zone: zone), href: "/history/\(day.day)",
                entries: day.entries.map { entry in
                    Entry(
                        id: entry.id.uuidString, kind: entry.kind.rawValue, title: entry.title, time: entry.time,
                        href: EntryPaths.entry(EntryReference(kind: entry.kind, id: entry.id)))
                })
        }
        isEmpty = days.isEmpty
        emptyText =
            switch kind {
            case .workout?: "No workouts logged yet. Tell your coach about one (“I ran 5 km this morning”)."
            case .meal?: "No meals logged yet. Tell your coach what you ate and it is logged with its calories."
            case .checkin?: "No check-ins yet. Tell your coach how you slept, your energy or your weight."
            case nil: "Nothing logged yet. Tell your coach about a workout, a meal or how you feel, and it shows here by day."
            }
        let query = kind.map { "&kind=\($0.rawValue)" } ?? ""
        olderHref = olderThan.map { "\(base)?before=\($0)\(query)" }
        self.backHref = backHref
    }

    /// "Today", "Yesterday", or "Saturday, 21 November 2026".
    static func heading(_ day: String, now: Date, zone: TimeZone) -> String {
        if day == DailyLog.day(of: now, timeZone: zone.identifier) { return "Today" }
        if day == DailyLog.day(of: now.addingTimeInterval(-86_400), timeZone: zone.identifier) { return "Yesterday" }
        guard let date = HistoryPage.start(of: day, zone: .gmt) else { return day }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "EEEE, d MMMM yyyy"
        return formatter.string(from: date)
    }
}
