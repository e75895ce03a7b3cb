import Foundation

/// One problem with a screen's answers, tied to the field it concerns.
public struct ValidationIssue: Sendable, Equatable, Codable {
    /// Which input is wrong (`lifeSnapshot`, `aspiration`, `availability[2]`, …).
    public var field: String
    /// What to do about it, in plain words.
    public var message: String

    /// Creates an issue.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// The rules each onboarding screen's answers must meet before the person can continue.
public enum OnboardingValidation {
    /// Problems with the answers on `screen` (empty when the person may continue).
    public static func issues(on screen: OnboardingScreen, in draft: OnboardingDraft) -> [ValidationIssue] {
        switch screen {
        case .openingScreen, .engagementPreferences, .motivationAndCheckins, .generatingCoach, .coachProfileReady:
            return []
        case .lifeSnapshot:
            return draft.lifeSnapshot.selected.isEmpty
                ? [ValidationIssue(field: "lifeSnapshot", message: "Choose at least one option that describes your life right now.")]
                : []
        case .coreAspiration:
            let text = draft.aspirationText.trimmingCharacters(in: .whitespacesAndNewlines)
            if draft.aspirationCard == .custom, text.isEmpty {
                return [ValidationIssue(field: "aspiration", message: "Describe your goal in a few words, or pick one of the cards.")]
            }
            if draft.aspirationCard == nil, text.isEmpty {
                return [ValidationIssue(field: "aspiration", message: "Pick the goal that matters most to you, or describe your own.")]
            }
            if text.count > maximumAspirationLength {
                return [
                    ValidationIssue(
                        field: "aspiration", message: "Keep your goal to \(maximumAspirationLength) characters (it is \(text.count)).")
                ]
            }
            return []
        case .coachingStyle:
            let style = draft.coachingStyle
            let values = CoachingStylePreferences.Style.allCases.map { style[$0] }
            if values.contains(where: { FiniteNumber.checked($0, in: 0...maximumStyleWeight) == nil }) {
                return [ValidationIssue(field: "coachingStyle", message: "Each style must be between 0% and 100%.")]
            }
            if style.total <= 0 {
                return [ValidationIssue(field: "coachingStyle", message: "Move at least one slider above zero so your coach has a style.")]
            }
            return []
        case .typicalAvailability:
            return availabilityIssues(draft.availability)
        case .sleepAndBoundaries:
            let sleep = draft.sleep
            if sleep.bedtime == sleep.wakeTime {
                return [ValidationIssue(field: "sleep", message: "Bedtime and wake time can't be the same.")]
            }
            if sleep.durationMinutes < 180 || sleep.durationMinutes > 16 * 60 {
                let hours = Double(sleep.durationMinutes) / 60
                return [
                    ValidationIssue(
                        field: "sleep",
                        message: String(format: "That is %.1f hours of sleep; check bedtime and wake time (between 3 and 16 hours).", hours)
                    )
                ]
            }
            return []
        }
    }

    /// The largest raw weight of one coaching style (answers files may use any scale; the page sends 0…1).
    public static let maximumStyleWeight = 1_000_000.0

    /// The longest goal in the person's own words.
    public static let maximumAspirationLength = 500

    /// The most weekly time slots a person can enter (three a day).
    public static let maximumAvailabilityBlocks = 21

    /// Problems with availability blocks: valid day, an end that differs from the start (an earlier end runs past
    /// midnight, up to 12 hours), no overlaps, at most 21 slots. Times in messages are 12-hour, as the page lists them.
    public static func availabilityIssues(_ blocks: [WorkoutAvailabilityBlock]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if blocks.count > maximumAvailabilityBlocks {
            issues.append(
                ValidationIssue(
                    field: "availability[\(maximumAvailabilityBlocks)]",
                    message: "You can add up to \(maximumAvailabilityBlocks) time slots; remove one to add another."))
        }
        for (index, block) in blocks.enumerated() {
            let field = "availability[\(index)]"
            if !(1...7).contains(block.dayOfWeek) {
                issues.append(ValidationIssue(field: field, message: "Choose a day of the week for this time slot."))
            } else if block.durationMinutes == 0 {
                issues.append(
                    ValidationIssue(
                        field: field,
                        message:
                            "On \(block.dayName), the slot starts and ends at \(block.startTime.twelveHourDescription). Choose an end time."
                    ))
            } else if block.isOvernight, block.durationMinutes > WorkoutAvailabilityBlock.maximumOvernightMinutes {
                let hours = (block.durationMinutes + 59) / 60
                issues.append(
                    ValidationIssue(
                        field: field,
                        message:
                            "On \(block.dayName), \(block.timeRange) would run \(hours) hours past midnight. Check the times: "
                            + "a slot can run past midnight for up to 12 hours."))
            } else if let other = blocks[..<index].firstIndex(where: { $0.overlaps(block) }) {
                let earlier = blocks[other]
                let where_ = earlier.dayOfWeek == block.dayOfWeek ? "" : "\(earlier.dayName)'s "
                issues.append(
                    ValidationIssue(
                        field: field,
                        message: "\(block.dayName) \(block.timeRange) overlaps \(where_)\(earlier.timeRange); merge or adjust them."))
            }
        }
        return issues
    }
}
