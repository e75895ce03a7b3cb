import Foundation

/// Reading onboarding answers, typed at the terminal or given in an answers file: choices, weekdays, time slots.
public enum OnboardingInput {
    /// A problem with typed or file input, in words a person can act on.
    public struct Problem: Error, Equatable, Sendable {
        /// What is wrong and how to write it.
        public var message: String
    }

    /// The option `text` names: its 1-based number, its id or its display name (case-insensitive).
    public static func choice<T>(_ text: String, in options: [T], id: (T) -> String, name: (T) -> String) -> T? {
        if let number = Int(text) { return options.indices.contains(number - 1) ? options[number - 1] : nil }
        let wanted = text.lowercased()
        return options.first { id($0).lowercased() == wanted || name($0).lowercased() == wanted }
    }

    /// The weekday (1 = Sunday … 7 = Saturday) a name or its first letters ("mon", "tu") stand for.
    public static func weekday(_ text: String) -> Int? {
        let wanted = text.lowercased()
        guard wanted.count >= 2 else { return nil }
        let matches = WorkoutAvailabilityBlock.dayNames.indices.filter {
            WorkoutAvailabilityBlock.dayNames[$0].lowercased().hasPrefix(wanted)
        }
        return matches.count == 1 ? matches[0] + 1 : nil
    }

    /// A time slot written as "mon 07:00-08:00" (the end may also follow a space or an en dash).
    public static func availabilityBlock(_ text: String) -> Result<WorkoutAvailabilityBlock, Problem> {
        let parts = text.replacingOccurrences(of: "–", with: " ").replacingOccurrences(of: "-", with: " ")
            .split(separator: " ").map(String.init)
        guard parts.count == 3 else {
            return .failure(Problem(message: "Write a time slot as a day and two times, e.g. mon 07:00-08:00."))
        }
        guard let day = weekday(parts[0]) else {
            return .failure(Problem(message: "\"\(parts[0])\" is not a day of the week; use mon, tue, wed, thu, fri, sat or sun."))
        }
        guard let start = TimeOfDay(parts[1]), let end = TimeOfDay(parts[2]) else {
            return .failure(Problem(message: "Write the times as HH:mm on a 24-hour clock, e.g. mon 07:00-08:00."))
        }
        return .success(WorkoutAvailabilityBlock(dayOfWeek: day, startTime: start, endTime: end))
    }
}
