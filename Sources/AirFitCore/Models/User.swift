public import Foundation

/// A person using AirFit, with every preference the settings and account screens read or write.
public struct User: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var nickname: String?
    public var email: String?
    public var preferredUnits: MeasurementSystem
    public var appearanceMode: AppearanceMode
    public var hapticFeedbackEnabled: Bool
    public var analyticsEnabled: Bool
    /// The provider id (`openai`, `anthropic`, …) the coach talks to.
    public var selectedAIProvider: String?
    public var selectedAIModel: String?
    public var aiTemperature: Double?
    public var aiMaxTokens: Int?
    /// The API base URL for the `custom` provider (and a non-default Ollama host); `nil` uses the catalog's.
    public var aiBaseURL: String?
    public var notificationPreferences: NotificationPreferences
    public var quietHours: QuietHours
    /// Require the password again after `appLockTimeoutMinutes` idle (the spec's biometric lock).
    public var appLockEnabled: Bool
    public var appLockTimeoutMinutes: Int
    /// IANA time zone identifier, e.g. "Europe/Berlin".
    public var timeZone: String
    public var weekStart: WeekStart
    public var heightCm: Double?
    public var weightKg: Double?
    public var fitnessLevel: FitnessLevel?
    public var location: SavedLocation?
    public var createdAt: Date
    public var lastActiveAt: Date
    /// The ``CoachContextItem`` raw values this person leaves out of every AI request (nil: none).
    public var coachContextExclusions: [String]?
    /// When the person chose "Maybe later" at onboarding (home opens without it until they finish); nil otherwise.
    public var onboardingPostponedAt: Date?
    /// The weight the person is working toward, drawn on the progress page (nil: none set).
    public var goalWeightKg: Double?
    /// Daily calories the person aims for (nil: none set).
    public var dailyCalorieTarget: Int?
    /// Daily protein the person aims for, in grams (nil: none set).
    public var dailyProteinTargetGrams: Int?
    /// Auto-pilot: the coach applies progression and deload changes to the plan at once (nil: never set, off).
    public var autopilotEnabled: Bool?

    /// Providers to try, in order, when the chosen one fails before answering (nil: none).
    public var aiFallbacks: [AIFallback]?

    /// Whether auto-pilot is on.
    public var isAutopilotOn: Bool { autopilotEnabled ?? false }

    /// Creates a user with sensible defaults.
    public init(
        id: UUID = UUID(), name: String = "", nickname: String? = nil, email: String? = nil,
        preferredUnits: MeasurementSystem = .imperial, appearanceMode: AppearanceMode = .system,
        hapticFeedbackEnabled: Bool = true, analyticsEnabled: Bool = false,
        selectedAIProvider: String? = nil, selectedAIModel: String? = nil,
        aiTemperature: Double? = nil, aiMaxTokens: Int? = nil, aiBaseURL: String? = nil,
        notificationPreferences: NotificationPreferences = NotificationPreferences(),
        quietHours: QuietHours = QuietHours(), appLockEnabled: Bool = false, appLockTimeoutMinutes: Int = 15,
        timeZone: String = TimeZone.current.identifier, weekStart: WeekStart = .monday,
        heightCm: Double? = nil, weightKg: Double? = nil, fitnessLevel: FitnessLevel? = nil,
        location: SavedLocation? = nil, createdAt: Date = Date(), lastActiveAt: Date = Date(),
        coachContextExclusions: [String]? = nil, onboardingPostponedAt: Date? = nil, goalWeightKg: Double? = nil,
        dailyCalorieTarget: Int? = nil, dailyProteinTargetGrams: Int? = nil, autopilotEnabled: Bool? = nil,
        aiFallbacks: [AIFallback]? = nil
    ) {
        self.aiFallbacks = aiFallbacks
        self.autopilotEnabled = autopilotEnabled
        self.goalWeightKg = goalWeightKg
        self.dailyCalorieTarget = dailyCalorieTarget
        self.dailyProteinTargetGrams = dailyProteinTargetGrams
        self.coachContextExclusions = coachContextExclusions
        self.onboardingPostponedAt = onboardingPostponedAt
        self.id = id
        self.name = name
        self.nickname = nickname
        self.email = email
        self.preferredUnits = preferredUnits
        self.appearanceMode = appearanceMode
        self.hapticFeedbackEnabled = hapticFeedbackEnabled
        self.analyticsEnabled = analyticsEnabled
        self.selectedAIProvider = selectedAIProvider
        self.selectedAIModel = selectedAIModel
        self.aiTemperature = aiTemperature
        self.aiMaxTokens = aiMaxTokens
        self.aiBaseURL = aiBaseURL
        self.notificationPreferences = notificationPreferences
        self.quietHours = quietHours
        self.appLockEnabled = appLockEnabled
        self.appLockTimeoutMinutes = appLockTimeoutMinutes
        self.timeZone = timeZone
        self.weekStart = weekStart
        self.heightCm = heightCm
        self.weightKg = weightKg
        self.fitnessLevel = fitnessLevel
        self.location = location
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
    }

    /// Whether the person gave a name or nickname.
    public var hasName: Bool {
        !(nickname ?? "").trimmingCharacters(in: .whitespaces).isEmpty || !name.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// The name the coach uses: nickname, else name, else "there".
    public var displayName: String {
        if let nickname, !nickname.trimmingCharacters(in: .whitespaces).isEmpty { return nickname }
        return name.trimmingCharacters(in: .whitespaces).isEmpty ? "there" : name
    }
}
