import Foundation

/// The deterministic wording of each notification: short, in the member's chosen styles. The coach's own words
/// (the persona's voice, from the member's model) replace these when a provider is set up; these stay the fallback.
public enum NotificationWording {
    /// The daily check-in; varied by weekday so it doesn't read the same every morning.
    public static func checkIn(localDay: Int) -> (title: String, body: String) {
        let bodies = [
            "How did you sleep, and how is your energy today? A quick check-in helps me plan your day.",
            "Morning! Rate your sleep, energy and mood; it takes ten seconds.",
            "How are you feeling today? Log your check-in and I'll adjust if you need a lighter day.",
            "Quick check-in: sleep, energy, stress. I'm listening.",
        ]
        let index = ((localDay % bodies.count) + bodies.count) % bodies.count
        return ("Daily check-in", bodies[index])
    }

    /// The message after three days without a log or chat, in the member's inactivity style; `nil` for `wait`.
    public static func reEngagement(style: InactivityResponseStyle, days: Int) -> (title: String, body: String)? {
        switch style {
        case .motivationalPush:
            return ("Let's get back to it", "It's been \(days) days. One short workout today gets the momentum back. You've got this!")
        case .gentleNudge:
            return ("Thinking of you", "It's been a few days. No pressure: whenever you're ready, I'm here, even for a ten-minute walk.")
        case .factualReminder:
            return (
                "\(days) days without a log", "Your last log or chat was \(days) days ago. Log today's activity to keep your plan on track."
            )
        case .waitForMe:
            return nil
        }
    }

    /// Plan changes waiting on the Activity page.
    public static func recommendations(count: Int) -> (title: String, body: String) {
        count == 1
            ? ("A suggestion for your plan", "Your coach suggests a change to your plan. Review it on the Activity page.")
            : ("\(count) suggestions for your plan", "Your coach suggests \(count) changes to your plan. Review them on the Activity page.")
    }

    /// The "while you were away" summary of `summary`'s notifications.
    public static func away(_ summary: AwaySummary) -> (title: String, body: String) {
        let parts = summary.countsByCategory.sorted { $0.key < $1.key }.map { key, count in
            let name = NotificationCategory(rawValue: key)?.displayName.lowercased() ?? key
            return "\(count) × \(name)"
        }
        return (
            AwaySummary.title,
            "\(summary.total) notifications waited for you (\(parts.joined(separator: ", "))). Latest: \(summary.newestTitle)."
        )
    }
}
