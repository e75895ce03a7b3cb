import Foundation

extension User {
    /// `current` with every setting that `self` changed since `original` applied, and nothing else.
    ///
    /// A save applies only what its form changed onto the row as it is now, so two saves in parallel (units in one
    /// tab, appearance in another) both land instead of the later one writing back the earlier one's old values.
    public func changes(since original: User, appliedTo current: User) -> User {
        var merged = current
        for apply in Self.settableFields { apply(&merged, self, original) }
        return merged
    }

    private typealias FieldCopy = @Sendable (inout User, User, User) -> Void

    private static func field<T: Equatable>(_ path: any WritableKeyPath<User, T> & Sendable) -> FieldCopy {
        { merged, edited, original in
            if edited[keyPath: path] != original[keyPath: path] { merged[keyPath: path] = edited[keyPath: path] }
        }
    }

    /// Every stored setting (identity and timestamps are not edited by saves).
    private static let settableFields: [FieldCopy] = [
        field(\.name), field(\.nickname), field(\.email), field(\.preferredUnits), field(\.appearanceMode),
        field(\.hapticFeedbackEnabled), field(\.analyticsEnabled), field(\.selectedAIProvider), field(\.selectedAIModel),
        field(\.aiTemperature), field(\.aiMaxTokens), field(\.aiBaseURL), field(\.notificationPreferences), field(\.quietHours),
        field(\.appLockEnabled), field(\.appLockTimeoutMinutes), field(\.timeZone), field(\.weekStart), field(\.heightCm),
        field(\.weightKg), field(\.fitnessLevel), field(\.location), field(\.lastActiveAt), field(\.coachContextExclusions),
        field(\.onboardingPostponedAt), field(\.goalWeightKg), field(\.dailyCalorieTarget), field(\.dailyProteinTargetGrams),
        field(\.autopilotEnabled), field(\.aiFallbacks),
    ]
}
