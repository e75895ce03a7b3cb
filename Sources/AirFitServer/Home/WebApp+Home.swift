import AirFitCore
import Foundation
import Hummingbird

/// The home page and the onboarding gate.
extension WebApp {
    func registerHome(on router: Router<AirFitRequestContext>) {
        router.get("/") { request, _ -> Response in
            try await requireSignIn(request) { signed in
                guard try await hasOnboarded(signed) else { return WebResponses.redirect("/onboarding") }
                return page("home", title: "Home", user: signed.user, context: Self.homeContext(signed.user))
            }
        }
    }

    /// Onboarded, or chose "Maybe later" in this session.
    private func hasOnboarded(_ signed: Signed) async throws -> Bool {
        if signed.session.skippedOnboarding { return true }
        return try await dependencies.repository.onboardingProfile(userID: signed.user.id) != nil
    }

    /// The greeting and the person's numbers in their units (sample values until they log data).
    static func homeContext(_ user: User, now: Date = Date()) -> [String: Any] {
        let units = user.preferredUnits
        return [
            "greeting": "\(greeting(now, timeZone: TimeZone(identifier: user.timeZone) ?? .current)), \(user.displayName)",
            "weight": units.formatWeight(kilograms: user.weightKg ?? 68),
            "height": units.formatHeight(centimeters: user.heightCm ?? 178),
            "distance": units.formatDistance(meters: 5000),
            "temperature": units.formatTemperature(celsius: 22),
        ]
    }

    /// "Good morning" / "Good afternoon" / "Good evening" for the person's local time.
    static func greeting(_ now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        switch calendar.component(.hour, from: now) {
        case 5..<12: return "Good morning"
        case 12..<18: return "Good afternoon"
        default: return "Good evening"
        }
    }
}
