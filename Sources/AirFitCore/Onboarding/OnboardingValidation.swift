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

    /// Problems with availability blocks: valid day, end after start, no overlaps on a day, at most 21 slots.
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
            } else if block.endTime <= block.startTime {
                issues.append(
                    ValidationIssue(
                        field: field,
                        message: "On \(block.dayName), the end time (\(block.endTime)) must be after the start time (\(block.startTime))."))
            } else if let other = blocks[..<index].firstIndex(where: { $0.overlaps(block) }) {
                issues.append(
                    ValidationIssue(
                        field: field,
                        message:
                            "\(block.dayName) \(block.startTime)–\(block.endTime) overlaps \(blocks[other].startTime)–\(blocks[other].endTime); merge or adjust them."
                    ))
            }
        }
        return issues
    }
}
