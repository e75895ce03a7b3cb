public import Foundation

/// A proposed change to the plan with the coach's reason, waiting for the person (or applied under auto-pilot).
public struct Recommendation: Codable, Sendable, Equatable, Identifiable {
    /// The recommendation's id.
    public var id: UUID
    /// The person it is for.
    public var userID: UUID
    /// The proposed change, with the plan version it was computed against.
    public var change: PlanChange
    /// One sentence in the persona's voice (or the deterministic fallback).
    public var reason: String
    /// When it was made; it expires 7 days later.
    public var createdAt: Date
    /// Where it stands.
    public var status: RecommendationStatus
    /// Who applied it; nil until applied.
    public var appliedBy: RecommendationApplier?
    /// When it was applied; undo is possible for 7 days after.
    public var appliedAt: Date?
    /// When it was declined, acknowledged, expired or undone.
    public var updatedAt: Date

    /// How long a suggestion waits for review, and how long an applied one can be undone: 7 days.
    public static let lifetime: TimeInterval = 7 * 86_400

    /// Creates a pending recommendation.
    public init(id: UUID = UUID(), userID: UUID, change: PlanChange, reason: String, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.change = change
        self.reason = reason
        self.createdAt = createdAt
        self.status = .pendingReview
        self.appliedBy = nil
        self.appliedAt = nil
        self.updatedAt = createdAt
    }

    /// When a pending suggestion expires.
    public var expiresAt: Date { createdAt.addingTimeInterval(Self.lifetime) }

    /// Until when an applied change can be undone (nil when not applied).
    public var undoableUntil: Date? { appliedAt?.addingTimeInterval(Self.lifetime) }
}

/// Where a recommendation stands; the raw values are what pages put in `data-state`.
public enum RecommendationStatus: String, Codable, Sendable, CaseIterable {
    case pendingReview = "pending_review"
    case applied, acknowledged, rejected, expired
    /// An applied change the person took back.
    case undone
}

/// Who applied a recommendation; the raw values are what pages put in `data-applied-by`.
public enum RecommendationApplier: String, Codable, Sendable, CaseIterable {
    case coach, person
}

/// Why a recommendation action was refused, in words a person can act on.
public enum RecommendationError: Error, Equatable, Sendable, LocalizedError {
    case expired, alreadyDecided, needsReview, notApplied, undoWindowClosed, changedSinceApplied

    /// The message shown in the card's banner.
    public var errorDescription: String? {
        switch self {
        case .expired: return "This suggestion expired after 7 days. The coach will suggest again if it still fits."
        case .alreadyDecided: return "This suggestion was already handled. Reload the page to see where it stands."
        case .needsReview: return "Schedule and goal changes wait for you to review them; auto-pilot doesn't apply them."
        case .notApplied: return "Only an applied change can be noted or undone."
        case .undoWindowClosed: return "Changes can be undone for 7 days; this one is older. Edit your plan instead."
        case .changedSinceApplied: return "Your plan changed after this was applied, so it can't be undone. Edit your plan instead."
        }
    }
}
