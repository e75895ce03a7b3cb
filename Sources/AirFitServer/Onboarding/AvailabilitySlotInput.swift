import AirFitCore
import Foundation

/// The "add a time slot" row of the availability screen, kept as typed so a rejected slot comes back intact.
struct AvailabilitySlotInput: Sendable, Equatable {
    var day = ""
    var start = ""
    var end = ""

    /// What the row holds.
    enum Parsed: Sendable, Equatable {
        /// Nothing typed.
        case empty
        /// A complete slot (not yet checked against the others).
        case block(WorkoutAvailabilityBlock)
        /// Fields missing or unreadable.
        case problems([ValidationIssue])
    }

    /// The `field` prefix of problems with the row itself.
    static let field = "availability.new"

    /// The message for "Add" with nothing typed.
    static let emptyProblems = [ValidationIssue(field: field, message: "Choose a day and enter a start and end time, then add the slot.")]

    /// An empty row.
    init() {}

    /// The row as posted (`slot_day`, `slot_start`, `slot_end`).
    init(day: String?, start: String?, end: String?) {
        self.day = day?.trimmingCharacters(in: .whitespaces) ?? ""
        self.start = start?.trimmingCharacters(in: .whitespaces) ?? ""
        self.end = end?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    /// The slot, or what is missing.
    func parsed() -> Parsed {
        if day.isEmpty, start.isEmpty, end.isEmpty { return .empty }
        var problems: [ValidationIssue] = []
        let dayOfWeek = Int(day).flatMap { (1...7).contains($0) ? $0 : nil }
        let startTime = TimeOfDay(start)
        let endTime = TimeOfDay(end)
        if dayOfWeek == nil {
            problems.append(ValidationIssue(field: "\(Self.field).day", message: "Choose a day of the week for this time slot."))
        }
        if startTime == nil { problems.append(ValidationIssue(field: "\(Self.field).start", message: "Enter a start time, like 7:00 AM.")) }
        if endTime == nil { problems.append(ValidationIssue(field: "\(Self.field).end", message: "Enter an end time, like 8:00 AM.")) }
        guard let dayOfWeek, let startTime, let endTime else { return .problems(problems) }
        return .block(WorkoutAvailabilityBlock(dayOfWeek: dayOfWeek, startTime: startTime, endTime: endTime))
    }

    /// The availability screen's view, and the issues that are not about the new row (shown at the top).
    /// The picker lists the days from the person's first day of the week.
    static func view(_ draft: OnboardingDraft, slot: AvailabilitySlotInput, issues: [ValidationIssue], weekStart: WeekStart) -> (
        view: AvailabilityView, general: [ValidationIssue]
    ) {
        // Core reports a rejected new slot under the index it would have had.
        let newIndex = "availability[\(draft.availability.count)]"
        let inline = issues.filter { $0.field.hasPrefix(field) || $0.field == newIndex }
        let general = issues.filter { !inline.contains($0) }
        let timesRejected = inline.contains { $0.field == newIndex }
        let selectedDay = Int(slot.day)
        let view = AvailabilityView(
            days: weekStart.weekdays.map { day in
                Choice(value: String(day), name: WorkoutAvailabilityBlock.dayNames[day - 1], checked: day == selectedDay)
            },
            slotStart: slot.start, slotEnd: slot.end, slotErrors: inline.map(\.message),
            dayInvalid: inline.contains { $0.field == "\(field).day" },
            startInvalid: timesRejected || inline.contains { $0.field == "\(field).start" },
            endInvalid: timesRejected || inline.contains { $0.field == "\(field).end" },
            blocks: draft.availability.map { block in AvailabilityView.Block(id: block.id.uuidString, label: label(block)) })
        return (view, general)
    }

    /// "Monday, 7:00 AM – 8:00 AM".
    static func label(_ block: WorkoutAvailabilityBlock) -> String {
        "\(block.dayName), \(block.timeRange)"
    }
}
