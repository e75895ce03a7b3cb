public import Foundation

/// Why a plan or recommendation action did not happen, in words a person can act on.
public enum PlanCoordinatorError: Error, Equatable, Sendable, LocalizedError {
    /// The person has no plan yet (onboarding makes one).
    case noPlan
    /// The recommendation is not the person's, or gone.
    case recommendationNotFound
    /// The plan changed since the recommendation was computed (HTTP 409; the card offers to recompute).
    case stale
    /// The plan changed since the edit form was loaded (another tab, the coach).
    case planChanged
    /// The recommendation can't take that step.
    case refused(RecommendationError)
    /// The edit breaks a plan rule.
    case edit(PlanEditError)
    /// The coach's proposal doesn't fit the plan.
    case invalidProposal(String)

    /// The message shown in the banner.
    public var errorDescription: String? {
        switch self {
        case .noPlan: return "You don't have a training plan yet. Finish onboarding to get one."
        case .recommendationNotFound: return "That suggestion is no longer there. Reload the page to see your suggestions."
        case .stale: return RecommendationFlow.staleMessage
        case .planChanged: return "Your plan changed since this page was loaded. Reload it to see the current plan, then try again."
        case .refused(let error): return error.errorDescription
        case .edit(let error): return error.errorDescription
        case .invalidProposal(let why): return why
        }
    }
}
