import Foundation

/// The limits an imported archive must keep: the same ones the forms, the coach's tools and the chat enforce, so
/// an import can never store what the app would refuse to take in.
public enum ArchiveLimits {
    /// The largest archive `airfit import` reads (a five-year heavy user exports far less).
    public static let maximumBytes = 256 * 1024 * 1024
    /// The longest message a person may send.
    public static let maximumMessageLength = 8_000
    /// The longest short text (names, workout types, food names, models).
    public static let maximumShortText = 200
    /// The longest notes.
    public static let maximumNotes = 4_000

    /// Problems with `user`'s settings, each naming the field.
    static func problems(_ user: User) -> [String] {
        var problems: [String] = []
        if !AppLockRule.minutes.contains(user.appLockTimeoutMinutes) { problems.append("user.appLockTimeoutMinutes must be 1 to 60.") }
        if TimeZone(identifier: user.timeZone) == nil { problems.append("user.timeZone is not a known time zone.") }
        if let url = user.aiBaseURL, BaseURLRule.normalized(url) == nil {
            problems.append("user.aiBaseURL must be an http(s) URL with a host and no user name or password.")
        }
        if let value = user.aiTemperature, FiniteNumber.checked(value, in: 0...2) == nil {
            problems.append("user.aiTemperature must be 0 to 2.")
        }
        if let value = user.aiMaxTokens, !(1...1_000_000).contains(value) { problems.append("user.aiMaxTokens must be 1 to 1,000,000.") }
        if let value = user.heightCm, FiniteNumber.checked(value, in: ProfileRule.heightCentimeters) == nil {
            problems.append("user.heightCm must be 30 to 300.")
        }
        if let value = user.weightKg, FiniteNumber.checked(value, in: ProfileRule.weightKilograms) == nil {
            problems.append("user.weightKg must be 10 to 700.")
        }
        if let value = user.goalWeightKg, FiniteNumber.checked(value, in: ProgressTargetsRule.goalWeightKilograms) == nil {
            problems.append("user.goalWeightKg must be 20 to 400.")
        }
        if let value = user.dailyCalorieTarget, !ProgressTargetsRule.calories.contains(Double(value)) {
            problems.append("user.dailyCalorieTarget must be 800 to 8000.")
        }
        if let value = user.dailyProteinTargetGrams, !ProgressTargetsRule.proteinGrams.contains(Double(value)) {
            problems.append("user.dailyProteinTargetGrams must be 20 to 400.")
        }
        if let location = user.location,
            FiniteNumber.checked(location.latitude, in: -90...90) == nil || FiniteNumber.checked(location.longitude, in: -180...180) == nil
        {
            problems.append("user.location must have a latitude of -90 to 90 and a longitude of -180 to 180.")
        }
        for (field, text) in [("name", user.name), ("nickname", user.nickname ?? ""), ("selectedAIModel", user.selectedAIModel ?? "")] {
            problems += textProblems("user.\(field)", text, limit: maximumShortText)
        }
        return problems
    }

    /// Problems with one workout.
    static func problems(_ workout: Workout, at field: String) -> [String] {
        var problems: [String] = []
        if FiniteNumber.checked(workout.durationMinutes, in: 0...1440) == nil {
            problems.append("\(field).durationMinutes must be 0 to 1440.")
        }
        if let value = workout.caloriesBurned, FiniteNumber.checked(value, in: 0...100_000) == nil {
            problems.append("\(field).caloriesBurned must be 0 to 100,000.")
        }
        problems += textProblems("\(field).type", workout.type, limit: maximumShortText)
        problems += textProblems("\(field).notes", workout.notes ?? "", limit: maximumNotes)
        for (e, exercise) in workout.exercises.enumerated() {
            problems += textProblems("\(field).exercises[\(e)].name", exercise.name, limit: maximumShortText)
            for (s, set) in exercise.sets.enumerated() {
                let at = "\(field).exercises[\(e)].sets[\(s)]"
                if let reps = set.reps, !(0...10_000).contains(reps) { problems.append("\(at).reps must be 0 to 10,000.") }
                for (name, value, limit) in [
                    ("weightKg", set.weightKg, 2_000.0), ("durationSeconds", set.durationSeconds, 86_400),
                    ("distanceMeters", set.distanceMeters, 1e6),
                ] {
                    if let value, FiniteNumber.checked(value, in: 0...limit) == nil {
                        problems.append("\(at).\(name) must be 0 to \(Int(limit)).")
                    }
                }
            }
        }
        return problems
    }

    /// Problems with one meal.
    static func problems(_ entry: FoodEntry, at field: String) -> [String] {
        var problems = textProblems("\(field).notes", entry.notes ?? "", limit: maximumNotes)
        for (index, item) in entry.items.enumerated() {
            let at = "\(field).items[\(index)]"
            problems += textProblems("\(at).name", item.name, limit: maximumShortText)
            if FiniteNumber.checked(item.calories, in: 0...10_000) == nil { problems.append("\(at).calories must be 0 to 10,000.") }
            for (name, value) in [("proteinGrams", item.proteinGrams), ("carbsGrams", item.carbsGrams), ("fatGrams", item.fatGrams)] {
                if let value, FiniteNumber.checked(value, in: 0...2_000) == nil { problems.append("\(at).\(name) must be 0 to 2,000.") }
            }
        }
        return problems
    }

    /// Problems with one stored message.
    static func problems(_ message: CoachMessage, at field: String) -> [String] {
        let limit = message.role == .user ? maximumMessageLength : StoredReply.maximumBytes
        let size = message.role == .user ? message.content.count : message.content.utf8.count
        var problems: [String] = []
        if size > limit { problems.append("\(field).content is longer than a \(message.role.rawValue) message may be.") }
        if message.content.contains("\u{0}") { problems.append("\(field).content contains a NUL character.") }
        if let title = message.conversationTitle {
            problems += textProblems("\(field).conversationTitle", title, limit: ConversationTitle.maximumLength)
        }
        return problems
    }

    private static func textProblems(_ field: String, _ text: String, limit: Int) -> [String] {
        var problems: [String] = []
        if text.count > limit { problems.append("\(field) is longer than \(limit) characters.") }
        if TextInput.hasControlCharacters(text) { problems.append("\(field) contains control characters.") }
        return problems
    }
}
