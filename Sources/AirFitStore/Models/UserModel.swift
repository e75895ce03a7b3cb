import AirFitCore
import FluentKit
import Foundation

/// The `users` table for writes and the schema (reads decode ``UserRow``). Nested preferences are JSON text; dates
/// are seconds since 1970 (lossless on both databases).
final class UserModel: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @OptionalField(key: "nickname") var nickname: String?
    @OptionalField(key: "email") var email: String?
    @Field(key: "preferred_units") var preferredUnits: String
    @Field(key: "appearance_mode") var appearanceMode: String
    @Field(key: "haptic_feedback") var hapticFeedback: Bool
    @Field(key: "analytics") var analytics: Bool
    @OptionalField(key: "ai_provider") var aiProvider: String?
    @OptionalField(key: "ai_model") var aiModel: String?
    @OptionalField(key: "ai_temperature") var aiTemperature: Double?
    @OptionalField(key: "ai_max_tokens") var aiMaxTokens: Int?
    @OptionalField(key: "ai_base_url") var aiBaseURL: String?
    @Field(key: "notification_preferences") var notificationPreferences: String
    @Field(key: "quiet_hours") var quietHours: String
    @Field(key: "app_lock") var appLock: Bool
    @Field(key: "app_lock_minutes") var appLockMinutes: Int
    @Field(key: "time_zone") var timeZone: String
    @Field(key: "week_start") var weekStart: String
    @OptionalField(key: "height_cm") var heightCm: Double?
    @OptionalField(key: "weight_kg") var weightKg: Double?
    @OptionalField(key: "fitness_level") var fitnessLevel: String?
    @OptionalField(key: "location") var location: String?
    @Field(key: "created_at") var createdAt: Double
    @Field(key: "last_active_at") var lastActiveAt: Double
    /// JSON list of the context items left out of AI requests.
    @OptionalField(key: "coach_context_exclusions") var coachContextExclusions: String?
    @OptionalField(key: "onboarding_postponed_at") var onboardingPostponedAt: Double?
    @OptionalField(key: "goal_weight_kg") var goalWeightKg: Double?
    @OptionalField(key: "daily_calorie_target") var dailyCalorieTarget: Int?
    @OptionalField(key: "daily_protein_target_grams") var dailyProteinTargetGrams: Int?
    /// Nil until the person first sets auto-pilot (read as off).
    @OptionalField(key: "autopilot_enabled") var autopilotEnabled: Bool?
    @OptionalField(key: "ai_fallbacks") var aiFallbacks: String?

    init() {}

    init(_ user: User) throws {
        id = user.id
        try update(from: user)
    }

    func update(from user: User) throws {
        name = user.name
        nickname = user.nickname
        email = user.email
        preferredUnits = user.preferredUnits.rawValue
        appearanceMode = user.appearanceMode.rawValue
        hapticFeedback = user.hapticFeedbackEnabled
        analytics = user.analyticsEnabled
        aiProvider = user.selectedAIProvider
        aiModel = user.selectedAIModel
        aiTemperature = user.aiTemperature
        aiMaxTokens = user.aiMaxTokens
        aiBaseURL = user.aiBaseURL
        notificationPreferences = try StoredJSON.encode(user.notificationPreferences)
        quietHours = try StoredJSON.encode(user.quietHours)
        appLock = user.appLockEnabled
        appLockMinutes = user.appLockTimeoutMinutes
        timeZone = user.timeZone
        weekStart = user.weekStart.rawValue
        heightCm = user.heightCm
        weightKg = user.weightKg
        fitnessLevel = user.fitnessLevel?.rawValue
        location = try user.location.map(StoredJSON.encode)
        createdAt = user.createdAt.timeIntervalSince1970
        lastActiveAt = user.lastActiveAt.timeIntervalSince1970
        coachContextExclusions = try user.coachContextExclusions.map(StoredJSON.encode)
        onboardingPostponedAt = user.onboardingPostponedAt?.timeIntervalSince1970
        goalWeightKg = user.goalWeightKg
        dailyCalorieTarget = user.dailyCalorieTarget
        dailyProteinTargetGrams = user.dailyProteinTargetGrams
        autopilotEnabled = user.autopilotEnabled
        aiFallbacks = try user.aiFallbacks.map(StoredJSON.encode)
    }
}

/// JSON text columns and enum columns, with errors that say which column is damaged.
enum StoredJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ text: String) throws -> T {
        if text == "[]", let empty = [Any]() as? T { return empty }
        return try JSONCoding.decoder.decode(T.self, from: Data(text.utf8))
    }

    static func enumValue<T: RawRepresentable>(_ raw: String, column: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else {
            throw RepositoryError.invalid("The stored value \"\(raw)\" in column \(column) is not recognised.")
        }
        return value
    }
}
