import AirFitCore
import FluentKit
import Foundation

/// The `onboarding_profiles` table: one row per user.
final class OnboardingProfileModel: Model, @unchecked Sendable {
    static let schema = "onboarding_profiles"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "persona") var persona: String
    @Field(key: "communication") var communication: String
    @Field(key: "raw_profile") var rawProfile: String
    @Field(key: "created_at") var createdAt: Double
    @Field(key: "updated_at") var updatedAt: Double

    init() {}

    init(_ profile: OnboardingProfile) {
        id = profile.id
        userID = profile.userID
        persona = String(decoding: profile.personaPromptData, as: UTF8.self)
        communication = String(decoding: profile.communicationPreferencesData, as: UTF8.self)
        rawProfile = String(decoding: profile.rawFullProfileData, as: UTF8.self)
        createdAt = profile.createdAt.timeIntervalSince1970
        updatedAt = profile.updatedAt.timeIntervalSince1970
    }

    func domain() throws -> OnboardingProfile {
        OnboardingProfile(
            id: try requireID(), userID: userID, personaPromptData: Data(persona.utf8),
            communicationPreferencesData: Data(communication.utf8), rawFullProfileData: Data(rawProfile.utf8),
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// The `workouts` table; exercises and sets are a JSON document.
final class WorkoutModel: Model, @unchecked Sendable {
    static let schema = "workouts"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "type") var type: String
    @Field(key: "started_at") var startedAt: Double
    @Field(key: "duration_minutes") var durationMinutes: Double
    @OptionalField(key: "calories") var calories: Double?
    @Field(key: "exercises") var exercises: String
    @OptionalField(key: "notes") var notes: String?
    @Field(key: "created_at") var createdAt: Double

    init() {}

    init(_ workout: Workout) throws {
        id = workout.id
        userID = workout.userID
        type = workout.type
        startedAt = workout.startedAt.timeIntervalSince1970
        durationMinutes = workout.durationMinutes
        calories = workout.caloriesBurned
        exercises = try StoredJSON.encode(workout.exercises)
        notes = workout.notes
        createdAt = workout.createdAt.timeIntervalSince1970
    }

    func domain() throws -> Workout {
        Workout(
            id: try requireID(), userID: userID, type: type, startedAt: Date(timeIntervalSince1970: startedAt),
            durationMinutes: durationMinutes, caloriesBurned: calories, exercises: try StoredJSON.decode(exercises),
            notes: notes, createdAt: Date(timeIntervalSince1970: createdAt))
    }
}

/// The `food_entries` table; items are a JSON document.
final class FoodEntryModel: Model, @unchecked Sendable {
    static let schema = "food_entries"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "meal_type") var mealType: String
    @Field(key: "logged_at") var loggedAt: Double
    @Field(key: "items") var items: String
    @OptionalField(key: "notes") var notes: String?
    @Field(key: "created_at") var createdAt: Double

    init() {}

    init(_ entry: FoodEntry) throws {
        id = entry.id
        userID = entry.userID
        mealType = entry.mealType.rawValue
        loggedAt = entry.loggedAt.timeIntervalSince1970
        items = try StoredJSON.encode(entry.items)
        notes = entry.notes
        createdAt = entry.createdAt.timeIntervalSince1970
    }

    func domain() throws -> FoodEntry {
        FoodEntry(
            id: try requireID(), userID: userID, mealType: try StoredJSON.enumValue(mealType, column: "meal_type"),
            loggedAt: Date(timeIntervalSince1970: loggedAt), items: try StoredJSON.decode(items), notes: notes,
            createdAt: Date(timeIntervalSince1970: createdAt))
    }
}

/// The `daily_logs` table: unique per user and day.
final class DailyLogModel: Model, @unchecked Sendable {
    static let schema = "daily_logs"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "day") var day: String
    @OptionalField(key: "energy") var energy: Int?
    @OptionalField(key: "sleep_quality") var sleepQuality: Int?
    @OptionalField(key: "stress") var stress: Int?
    @OptionalField(key: "mood") var mood: String?
    @OptionalField(key: "weight_kg") var weightKg: Double?
    @OptionalField(key: "steps") var steps: Int?
    @OptionalField(key: "notes") var notes: String?
    @Field(key: "created_at") var createdAt: Double
    @Field(key: "updated_at") var updatedAt: Double

    init() {}

    init(_ log: DailyLog) {
        id = log.id
        update(from: log)
    }

    func update(from log: DailyLog) {
        userID = log.userID
        day = log.day
        energy = log.energy
        sleepQuality = log.sleepQuality
        stress = log.stress
        mood = log.mood
        weightKg = log.weightKg
        steps = log.steps
        notes = log.notes
        createdAt = log.createdAt.timeIntervalSince1970
        updatedAt = log.updatedAt.timeIntervalSince1970
    }

    func domain() throws -> DailyLog {
        DailyLog(
            id: try requireID(), userID: userID, day: day, energy: energy, sleepQuality: sleepQuality, stress: stress,
            mood: mood, weightKg: weightKg, steps: steps, notes: notes, createdAt: Date(timeIntervalSince1970: createdAt),
            updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// The `coach_messages` table.
final class CoachMessageModel: Model, @unchecked Sendable {
    static let schema = "coach_messages"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "conversation_id") var conversationID: UUID
    @Field(key: "role") var role: String
    @Field(key: "content") var content: String
    @OptionalField(key: "model") var model: String?
    @OptionalField(key: "input_tokens") var inputTokens: Int?
    @OptionalField(key: "output_tokens") var outputTokens: Int?
    @Field(key: "tool_calls") var toolCalls: String
    @OptionalField(key: "tool_call_id") var toolCallID: String?
    @Field(key: "is_complete") var isComplete: Bool
    @OptionalField(key: "incomplete_reason") var incompleteReason: String?
    @OptionalField(key: "card") var card: String?
    @OptionalField(key: "conversation_title") var conversationTitle: String?
    @Field(key: "created_at") var createdAt: Double

    init() {}

    init(_ message: CoachMessage) throws {
        id = message.id
        try update(from: message)
    }

    func update(from message: CoachMessage) throws {
        userID = message.userID
        conversationID = message.conversationID
        role = message.role.rawValue
        content = message.content
        model = message.model
        inputTokens = message.inputTokens
        outputTokens = message.outputTokens
        toolCalls = try StoredJSON.encode(message.toolCalls)
        toolCallID = message.toolCallID
        isComplete = message.isComplete
        incompleteReason = message.incompleteReason
        card = message.card
        conversationTitle = message.conversationTitle
        createdAt = message.createdAt.timeIntervalSince1970
    }

    func domain() throws -> CoachMessage {
        CoachMessage(
            id: try requireID(), userID: userID, conversationID: conversationID,
            role: try StoredJSON.enumValue(role, column: "role"), content: content, model: model,
            inputTokens: inputTokens, outputTokens: outputTokens, toolCalls: try StoredJSON.decode(toolCalls),
            toolCallID: toolCallID, isComplete: isComplete, incompleteReason: incompleteReason, card: card,
            conversationTitle: conversationTitle,
            createdAt: Date(timeIntervalSince1970: createdAt))
    }
}

/// The `data_exports` table: export history.
final class DataExportModel: Model, @unchecked Sendable {
    static let schema = "data_exports"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "date") var date: Double
    @Field(key: "size") var size: Int64
    @Field(key: "format") var format: String

    init() {}

    init(_ export: DataExport) {
        id = export.id
        userID = export.userID
        date = export.date.timeIntervalSince1970
        size = export.size
        format = export.format.rawValue
    }

    func domain() throws -> DataExport {
        DataExport(
            id: try requireID(), userID: userID, date: Date(timeIntervalSince1970: date), size: size,
            format: try StoredJSON.enumValue(format, column: "format"))
    }
}

/// The `vault_entries` table: one encrypted secret per user and provider.
final class VaultEntryModel: Model, @unchecked Sendable {
    static let schema = "vault_entries"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "provider") var provider: String
    /// nonce ‖ ciphertext ‖ tag, base64.
    @Field(key: "sealed") var sealed: String
    /// A masked form safe to show (`sk-…AB12`).
    @Field(key: "masked") var masked: String
    /// Fingerprint of the master key that sealed this entry.
    @Field(key: "key_id") var keyID: String
    @Field(key: "updated_at") var updatedAt: Double
    /// The only base URL the secret is sent to; nil: the provider's catalog address.
    @OptionalField(key: "base_url") var baseURL: String?

    init() {}
}
