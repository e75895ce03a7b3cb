import AirFitCore
import Foundation

/// How a recommendation's reason may appear in a model request (the chat context, `logWorkout`'s result), under the
/// person's ``CoachContextPolicy``.
enum PlanSuggestionWording {
    /// The longest reason quoted, in characters.
    static let maximumLength = 300

    /// The reason as one bounded line, or nil when it must stay out: it tells of logged training the person keeps out of
    /// requests, or of their training days and times when they keep their schedule private. A goal change's reason
    /// names the goal weight, which is never sent, so it is described instead.
    static func reason(_ recommendation: Recommendation, policy: CoachContextPolicy) -> String? {
        guard policy.shares(.recentActivity) else { return nil }
        switch recommendation.change.kind {
        case .goalPace:
            return "a new target date for their weight goal, based on their recent pace (details in Activity)."
        case .schedule where !policy.shares(.scheduleAndSleep):
            return nil
        case .progression, .deload, .deloadReturn, .schedule:
            let line = recommendation.reason.split(whereSeparator: \.isNewline).joined(separator: " ")
            return line.count > maximumLength ? String(line.prefix(maximumLength - 1)) + "…" : line
        }
    }
}
