import Foundation

/// Derives a structured goal from a free-text aspiration without an LLM: keywords, numbers with units,
/// timeframes and reasons. Used when no provider is configured, the provider is offline, or its answer
/// is unusable, so onboarding is never blocked.
public enum LocalGoalAnalyzer {
    private static let goalKeywords: [(type: String, metric: String, words: [String])] = [
        ("recovery", "pain_free_movement", ["recover", "injury", "injured", "rehab", "pain", "surgery", "physio", "knee", "back problem"]),
        ("weight_loss", "body_weight", ["lose", "weight", "fat", "slim", "lean", "drop", "shed", "belly"]),
        (
            "endurance", "distance_or_duration",
            ["run", "marathon", "5k", "10k", "half", "endurance", "cycle", "cycling", "swim", "stamina", "cardio", "hike", "walk"]
        ),
        (
            "strength", "strength",
            [
                "strength", "strong", "stronger", "muscle", "lift", "bench", "squat", "deadlift", "tone", "toned", "pull-up", "pullup",
                "push-up", "pushup",
            ]
        ),
        (
            "performance", "performance",
            ["perform", "performance", "compete", "competition", "faster", "speed", "agility", "sport", "athlete", "race"]
        ),
        (
            "general_health", "healthy_habits",
            ["health", "healthy", "energ", "sleep", "stress", "habit", "consistent", "feel better", "longevity"]
        ),
    ]

    private static let targetPattern =
        #"(?i)\b(sub[- ]?\d+(?::\d{2})?\s*(?:h|hours?|min(?:ute)?s?)?|\d+(?:[.,]\d+)?\s*(?:kg|kgs|kilos?|lbs?|pounds?|km|k|mi|miles?|minutes?|mins?|hours?|hrs?|h|%|percent|reps?|push-?ups?|pull-?ups?|steps|times? a week|x a week|days? a week))(?![a-z])"#
    private static let timeframePattern =
        #"(?i)\b((?:by|before|until)\s+(?:the\s+end\s+of\s+)?(?:next\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|christmas|new year|the end of the year|year end|my \w+|\d{4})|(?:in|within|over)\s+(?:the\s+next\s+)?(?:\d+|one|two|three|four|five|six|twelve|a)\s+(?:days?|weeks?|months?|years?)|this\s+(?:year|summer|spring|autumn|fall|winter|month))"#
    private static let reasonPattern = #"(?i)\b(?:because|so that|so i can|so i|in order to|for my)\b\s*(.+)$"#

    /// The structured goal for `text`, marked `source: .local`.
    public static func analyze(_ text: String) -> StructuredGoal {
        let cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = cleaned.lowercased()
        let match = goalKeywords.first { entry in entry.words.contains { lower.contains($0) } }
        let target = firstMatch(targetPattern, in: cleaned)
        let timeframe = firstMatch(timeframePattern, in: cleaned)
        let reason = firstMatch(reasonPattern, in: cleaned, group: 1).map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " .!")).trimmingCharacters(in: .whitespaces)
        }
        return StructuredGoal(
            goalType: match?.type ?? "general_fitness", primaryMetric: match?.metric ?? "overall_fitness",
            timeframe: timeframe, specificTarget: target, whyImportant: reason?.isEmpty == false ? reason : nil, source: .local)
    }

    private static func firstMatch(_ pattern: String, in text: String, group: Int = 1) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let result = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(result.range(at: group), in: text)
        else { return nil }
        return String(text[range]).trimmingCharacters(in: .whitespaces)
    }
}
