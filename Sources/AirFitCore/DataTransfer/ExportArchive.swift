public import Foundation

/// Everything AirFit stores for one person except secrets: the JSON export format.
///
/// Layout (keys sorted): `format` = "airfit-export", `version`, `exportedAt`, `user`,
/// `onboardingProfile` (documents inlined as JSON), `workouts`, `foodEntries`, `dailyLogs`,
/// `coachMessages`, `dataExports`.
public struct ExportArchive: Codable, Sendable, Equatable {
    /// The marker that identifies an AirFit export.
    public static let formatName = "airfit-export"
    /// The version this build writes and reads.
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var exportedAt: Date
    public var user: User
    public var onboardingProfile: ExportedOnboardingProfile?
    public var workouts: [Workout]
    public var foodEntries: [FoodEntry]
    public var dailyLogs: [DailyLog]
    public var coachMessages: [CoachMessage]
    public var dataExports: [DataExport]

    /// Creates an archive.
    public init(
        exportedAt: Date, user: User, onboardingProfile: ExportedOnboardingProfile?, workouts: [Workout] = [],
        foodEntries: [FoodEntry] = [], dailyLogs: [DailyLog] = [], coachMessages: [CoachMessage] = [],
        dataExports: [DataExport] = []
    ) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.exportedAt = exportedAt
        self.user = user
        self.onboardingProfile = onboardingProfile
        self.workouts = workouts
        self.foodEntries = foodEntries
        self.dailyLogs = dailyLogs
        self.coachMessages = coachMessages
        self.dataExports = dataExports
    }

    /// Number of records of every kind (user and profile included).
    public var recordCount: Int {
        1 + (onboardingProfile == nil ? 0 : 1) + workouts.count + foodEntries.count + dailyLogs.count
            + coachMessages.count + dataExports.count
    }
}

/// An onboarding profile with its JSON documents inlined rather than base64-encoded.
public struct ExportedOnboardingProfile: Codable, Sendable, Equatable {
    public var id: UUID
    public var userID: UUID
    public var persona: JSONValue
    public var communicationPreferences: JSONValue
    public var rawFullProfile: JSONValue
    public var createdAt: Date
    public var updatedAt: Date

    /// Inlines a stored profile's documents.
    public init(_ profile: OnboardingProfile) throws {
        id = profile.id
        userID = profile.userID
        persona = try JSONValue(data: profile.personaPromptData)
        communicationPreferences = try JSONValue(data: profile.communicationPreferencesData)
        rawFullProfile = try JSONValue(data: profile.rawFullProfileData)
        createdAt = profile.createdAt
        updatedAt = profile.updatedAt
    }

    /// The stored form.
    public func profile() throws -> OnboardingProfile {
        OnboardingProfile(
            id: id, userID: userID, personaPromptData: try persona.encoded(),
            communicationPreferencesData: try communicationPreferences.encoded(),
            rawFullProfileData: try rawFullProfile.encoded(), createdAt: createdAt, updatedAt: updatedAt)
    }
}
