import AirFitCore
import Foundation

/// A `users` row as read on every page: decoded by its column names (`Decodable`), without the model layer's
/// reflection. ``UserModel`` keeps the writes and the schema.
struct UserRow: Decodable {
    /// The columns, in the order of the SELECT.
    static let columns =
        "id, name, nickname, email, preferred_units, appearance_mode, haptic_feedback, analytics, ai_provider, ai_model, "
        + "ai_temperature, ai_max_tokens, ai_base_url, notification_preferences, quiet_hours, app_lock, app_lock_minutes, "
        + "time_zone, week_start, height_cm, weight_kg, fitness_level, location, created_at, last_active_at, coach_context_exclusions, "
        + "onboarding_postponed_at, goal_weight_kg, daily_calorie_target, daily_protein_target_grams, "
        + "autopilot_enabled, ai_fallbacks"

    var id: UUID
    var name: String
    var nickname: String?
    var email: String?
    var preferredUnits: String
    var appearanceMode: String
    var hapticFeedback: Bool
    var analytics: Bool
    var aiProvider: String?
    var aiModel: String?
    var aiTemperature: Double?
    var aiMaxTokens: Int?
    var aiBaseURL: String?
    var notificationPreferences: String
    var quietHours: String
    var appLock: Bool
    var appLockMinutes: Int
    var timeZone: String
    var weekStart: String
    var heightCm: Double?
    var weightKg: Double?
    var fitnessLevel: String?
    var location: String?
    var createdAt: Double
    var lastActiveAt: Double
    var coachContextExclusions: String?
    var onboardingPostponedAt: Double?
    var goalWeightKg: Double?
    var dailyCalorieTarget: Int?
    var dailyProteinTargetGrams: Int?
    var autopilotEnabled: Bool?
    var aiFallbacks: String?

    enum CodingKeys: String, CodingKey {
        case id, name, nickname, email, analytics, location
        case preferredUnits = "preferred_units", appearanceMode = "appearance_mode", hapticFeedback = "haptic_feedback"
        case aiProvider = "ai_provider", aiModel = "ai_model", aiTemperature = "ai_temperature", aiMaxTokens = "ai_max_tokens"
        case aiBaseURL = "ai_base_url", notificationPreferences = "notification_preferences", quietHours = "quiet_hours"
        case appLock = "app_lock", appLockMinutes = "app_lock_minutes", timeZone = "time_zone", weekStart = "week_start"
        case heightCm = "height_cm", weightKg = "weight_kg", fitnessLevel = "fitness_level", createdAt = "created_at"
        case lastActiveAt = "last_active_at", coachContextExclusions = "coach_context_exclusions"
        case onboardingPostponedAt = "onboarding_postponed_at"
        case goalWeightKg = "goal_weight_kg", dailyCalorieTarget = "daily_calorie_target"
        case dailyProteinTargetGrams = "daily_protein_target_grams", autopilotEnabled = "autopilot_enabled", aiFallbacks = "ai_fallbacks"
    }

    /// The domain value; a damaged column is named in the error.
    func domain() throws -> User {
        User(
            id: id, name: name, nickname: nickname, email: email,
            preferredUnits: try StoredJSON.enumValue(preferredUnits, column: "preferred_units"),
            appearanceMode: try StoredJSON.enumValue(appearanceMode, column: "appearance_mode"),
            hapticFeedbackEnabled: hapticFeedback, analyticsEnabled: analytics,
            selectedAIProvider: aiProvider, selectedAIModel: aiModel, aiTemperature: aiTemperature, aiMaxTokens: aiMaxTokens,
            aiBaseURL: aiBaseURL,
            notificationPreferences: try StoredJSON.decode(notificationPreferences),
            quietHours: try StoredJSON.decode(quietHours), appLockEnabled: appLock, appLockTimeoutMinutes: appLockMinutes,
            timeZone: timeZone, weekStart: try StoredJSON.enumValue(weekStart, column: "week_start"),
            heightCm: heightCm, weightKg: weightKg,
            fitnessLevel: try fitnessLevel.map { try StoredJSON.enumValue($0, column: "fitness_level") },
            location: try location.map { try StoredJSON.decode($0) },
            createdAt: Date(timeIntervalSince1970: createdAt), lastActiveAt: Date(timeIntervalSince1970: lastActiveAt),
            coachContextExclusions: try coachContextExclusions.map { try StoredJSON.decode($0) },
            onboardingPostponedAt: onboardingPostponedAt.map(Date.init(timeIntervalSince1970:)), goalWeightKg: goalWeightKg,
            dailyCalorieTarget: dailyCalorieTarget, dailyProteinTargetGrams: dailyProteinTargetGrams,
            autopilotEnabled: autopilotEnabled, aiFallbacks: try aiFallbacks.map { try StoredJSON.decode($0) })
    }
}
