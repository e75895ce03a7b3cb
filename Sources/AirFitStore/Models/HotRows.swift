import AirFitCore
import Foundation

/// An `onboarding_profiles` row (read on the home, settings, persona and chat pages).
struct OnboardingProfileRow: Decodable {
    static let columns = "id, user_id, persona, communication, raw_profile, created_at, updated_at"

    var id: UUID
    var userID: UUID
    var persona: String
    var communication: String
    var rawProfile: String
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, persona, communication
        case userID = "user_id", rawProfile = "raw_profile", createdAt = "created_at", updatedAt = "updated_at"
    }

    func domain() -> OnboardingProfile {
        OnboardingProfile(
            id: id, userID: userID, personaPromptData: Data(persona.utf8), communicationPreferencesData: Data(communication.utf8),
            rawFullProfileData: Data(rawProfile.utf8), createdAt: Date(timeIntervalSince1970: createdAt),
            updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// A `web_sessions` row (read when the sign-in cache misses).
struct WebSessionRow: Decodable {
    static let columns =
        "id, token_hash, account_id, csrf_token, skipped_onboarding, locked, created_at, last_seen_at, expires_at, authenticated_at, device"

    var id: UUID
    var tokenHash: String
    var accountID: UUID?
    var csrfToken: String
    var skippedOnboarding: Bool
    var locked: Bool
    var createdAt: Double
    var lastSeenAt: Double
    var expiresAt: Double
    var authenticatedAt: Double
    var device: String?

    enum CodingKeys: String, CodingKey {
        case id, locked, device
        case tokenHash = "token_hash", accountID = "account_id", csrfToken = "csrf_token", skippedOnboarding = "skipped_onboarding"
        case createdAt = "created_at", lastSeenAt = "last_seen_at", expiresAt = "expires_at", authenticatedAt = "authenticated_at"
    }

    func domain() -> WebSession {
        WebSession(
            id: id, tokenHash: tokenHash, accountID: accountID, csrfToken: csrfToken, skippedOnboarding: skippedOnboarding,
            isLocked: locked, createdAt: Date(timeIntervalSince1970: createdAt), lastSeenAt: Date(timeIntervalSince1970: lastSeenAt),
            expiresAt: Date(timeIntervalSince1970: expiresAt), authenticatedAt: Date(timeIntervalSince1970: authenticatedAt),
            device: device)
    }
}

/// An `accounts` row (read when the sign-in cache misses, and at sign-in).
struct AccountRow: Decodable {
    static let columns = "id, email, password_hash, user_id, role, created_at"

    var id: UUID
    var email: String
    var passwordHash: String
    var userID: UUID
    var role: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, email, role
        case passwordHash = "password_hash", userID = "user_id", createdAt = "created_at"
    }

    func domain() -> Account {
        Account(
            id: id, email: email, passwordHash: passwordHash, userID: userID, role: MemberRole(rawValue: role) ?? .member,
            createdAt: Date(timeIntervalSince1970: createdAt))
    }
}

/// A `daily_logs` row (the home page's check-in).
struct DailyLogRow: Decodable {
    static let columns = "id, user_id, day, energy, sleep_quality, stress, mood, weight_kg, steps, notes, created_at, updated_at"

    var id: UUID
    var userID: UUID
    var day: String
    var energy: Int?
    var sleepQuality: Int?
    var stress: Int?
    var mood: String?
    var weightKg: Double?
    var steps: Int?
    var notes: String?
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, day, energy, stress, mood, steps, notes
        case userID = "user_id", sleepQuality = "sleep_quality", weightKg = "weight_kg", createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    func domain() -> DailyLog {
        DailyLog(
            id: id, userID: userID, day: day, energy: energy, sleepQuality: sleepQuality, stress: stress, mood: mood,
            weightKg: weightKg, steps: steps, notes: notes, createdAt: Date(timeIntervalSince1970: createdAt),
            updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// A `vault_entries` row without the sealed secret (the key list of the settings and provider pages).
struct VaultSummaryRow: Decodable {
    static let columns = "provider, masked, updated_at, base_url"

    var provider: String
    var masked: String
    var updatedAt: Double
    var baseURL: String?

    enum CodingKeys: String, CodingKey {
        case provider, masked
        case updatedAt = "updated_at", baseURL = "base_url"
    }

    func domain() -> StoredSecretSummary {
        StoredSecretSummary(provider: provider, masked: masked, updatedAt: Date(timeIntervalSince1970: updatedAt), baseURL: baseURL)
    }
}
