import AirFitCore
import Foundation

/// The home page: greeting, coach line, today's logs and the numbers the person logged, in their units; an empty
/// state that says how to add them, never a sample value.
struct HomeView: PageView {
    static let template = "home"

    /// One thing logged today, linking to it.
    struct Logged: Sendable {
        let title: String
        let href: String
    }

    let greeting: String
    /// "Logged." after the quick log.
    var notice: String?
    /// The workout just logged led the coach to suggest a plan change (a link to Activity follows the notice).
    var suggested = false
    var coachLine: String?
    var aspiration: String?
    /// Today's planned sessions ("Upper body, 6:00 PM"), when the person has a plan.
    var planned: [String] = [] {
        didSet { hasPlanned = !planned.isEmpty }
    }
    private(set) var hasPlanned = false
    /// The person has a plan (today may be a rest day).
    var hasPlan = false
    var today: [Logged] = [] {
        didSet { hasToday = !today.isEmpty }
    }
    private(set) var hasToday = false
    /// The latest logged weight ("72.5 kg"), and when ("logged 21 Nov").
    let weight: String?
    let weightDay: String?
    /// The height from the person's profile, when they entered one.
    let height: String?
    let hasNumbers: Bool

    /// The greeting and numbers for `user`, with `weight` their latest logged weight.
    init(_ user: User, weight: LoggedWeight?, now: Date = Date()) {
        let units = user.preferredUnits
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let name = [user.nickname ?? "", user.name].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        greeting = Self.greeting(HomeController.greeting(now, timeZone: zone), name: name)
        self.weight = weight.map { units.formatWeight(kilograms: $0.kilograms) }
        weightDay = weight.map { Self.loggedDay($0.day, now: now, zone: zone) }
        height = user.heightCm.map { units.formatHeight(centimeters: $0) }
        hasNumbers = weight != nil || user.heightCm != nil
    }

    /// "Good evening, Ada", or "Good evening" when no name is known.
    static func greeting(_ salutation: String, name: String) -> String {
        let name = name.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? salutation : "\(salutation), \(name)"
    }

    /// "today", "yesterday" or "21 Nov" for a `yyyy-MM-dd` day in `zone`.
    static func loggedDay(_ day: String, now: Date, zone: TimeZone) -> String {
        if day == DailyLog.day(of: now, timeZone: zone.identifier) { return "today" }
        if day == DailyLog.day(of: now.addingTimeInterval(-86_400), timeZone: zone.identifier) { return "yesterday" }
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = .gmt
        parser.dateFormat = "yyyy-MM-dd"
        guard let date = parser.date(from: day) else { return day }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "d MMM"
        return formatter.string(from: date)
    }
}
