import Foundation

/// The ten screens of the Persona Blueprint Flow, in the order a person sees them.
public enum OnboardingScreen: String, CaseIterable, Codable, Sendable {
    case openingScreen = "opening"
    case lifeSnapshot = "lifeSnapshot"
    case coreAspiration = "coreAspiration"
    case coachingStyle = "coachingStyle"
    case engagementPreferences = "engagement"
    case typicalAvailability = "availability"
    case sleepAndBoundaries = "sleep"
    case motivationAndCheckins = "motivation"
    case generatingCoach = "generating"
    case coachProfileReady = "ready"

    /// The heading shown at the top of the screen (empty on the opening screen).
    public var title: String {
        switch self {
        case .openingScreen: return ""
        case .lifeSnapshot: return "Life Snapshot"
        case .coreAspiration: return "Core Aspiration"
        case .coachingStyle: return "Coaching Style"
        case .engagementPreferences: return "Engagement"
        case .typicalAvailability: return "Availability"
        case .sleepAndBoundaries: return "Sleep & Recovery"
        case .motivationAndCheckins: return "Motivation"
        case .generatingCoach: return "Creating Your Coach"
        case .coachProfileReady: return "Coach Ready"
        }
    }

    /// Fraction of the flow completed, as the spec computes it: index / (count − 2).
    public var progress: Double {
        guard let index = Self.allCases.firstIndex(of: self) else { return 0 }
        return Double(index) / Double(Self.allCases.count - 2)
    }

    /// Whether the progress line is shown (hidden on the opening, generating and ready screens).
    public var showsProgress: Bool {
        switch self {
        case .openingScreen, .generatingCoach, .coachProfileReady: return false
        default: return true
        }
    }
}
