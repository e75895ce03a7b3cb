public import Foundation

/// The saved result of onboarding: the persona and communication preferences, as JSON documents.
public struct OnboardingProfile: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userID: UUID
    /// `persona_profile.json`.
    public var personaPromptData: Data
    /// `communicationPreferences.json`.
    public var communicationPreferencesData: Data
    /// The full raw profile as collected.
    public var rawFullProfileData: Data
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a profile from raw documents.
    public init(
        id: UUID = UUID(), userID: UUID, personaPromptData: Data, communicationPreferencesData: Data,
        rawFullProfileData: Data, createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.personaPromptData = personaPromptData
        self.communicationPreferencesData = communicationPreferencesData
        self.rawFullProfileData = rawFullProfileData
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Creates a profile by encoding a persona and communication preferences.
    public init(
        id: UUID = UUID(), userID: UUID, persona: PersonaProfile, communication: CommunicationPreferences,
        createdAt: Date = Date(), updatedAt: Date = Date()
    ) throws {
        let encoder = JSONCoding.encoder
        let personaData = try encoder.encode(persona)
        self.init(
            id: id, userID: userID, personaPromptData: personaData,
            communicationPreferencesData: try encoder.encode(communication),
            rawFullProfileData: personaData, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The persona and communication preferences as one JSON document, as `airfit persona show --json` prints it
    /// and `GET /api/v1/persona` answers.
    public func document() throws -> JSONValue {
        JSONValue.object([
            "persona": try JSONValue(data: personaPromptData),
            "communicationPreferences": try JSONValue(data: communicationPreferencesData),
        ])
    }

    /// The decoded persona profile.
    public func persona() throws -> PersonaProfile {
        try JSONCoding.decoder.decode(PersonaProfile.self, from: personaPromptData)
    }

    /// The decoded communication preferences.
    public func communicationPreferences() throws -> CommunicationPreferences {
        try JSONCoding.decoder.decode(CommunicationPreferences.self, from: communicationPreferencesData)
    }
}
