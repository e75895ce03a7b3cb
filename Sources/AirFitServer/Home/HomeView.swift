import AirFitCore
import Foundation

/// The home page: greeting, coach line, today's logs and the person's numbers in their units.
struct HomeView: PageView {
    static let template = "home"
    let greeting: String
    var coachLine: String?
    var aspiration: String?
    var today: [String] = [] {
        didSet { hasToday = !today.isEmpty }
    }
    private(set) var hasToday = false
    let weight: String
    let height: String
    let distance: String
    let temperature: String

    /// The greeting and numbers for `user` (sample values until they log data).
    init(_ user: User, now: Date = Date()) {
        let units = user.preferredUnits
        let zone = TimeZone(identifier: user.timeZone) ?? .current
        greeting = "\(HomeController.greeting(now, timeZone: zone)), \(user.displayName)"
        weight = units.formatWeight(kilograms: user.weightKg ?? 68)
        height = units.formatHeight(centimeters: user.heightCm ?? 178)
        distance = units.formatDistance(meters: 5000)
        temperature = units.formatTemperature(celsius: 22)
    }
}
