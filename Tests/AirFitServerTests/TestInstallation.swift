import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Prometheus

@testable import AirFitServer

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    /// Starts at `start`.
    init(_ start: Date = Date(timeIntervalSince1970: 1_750_000_000)) { current = NIOLockedValueBox(start) }

    /// The current time.
    func now() -> Date { current.withLockedValue { $0 } }

    /// Sets the clock to `date`.
    func set(_ date: Date) { current.withLockedValue { $0 = date } }

    /// Moves the clock forward.
    func advance(minutes: Double) { current.withLockedValue { $0 = $0.addingTimeInterval(minutes * 60) } }
}

/// In-memory stores and a test clock the tests can reach into.
struct TestInstallation {
    let repository = InMemoryStore()
    let drafts = InMemoryOnboardingDraftRepository()
    let sessions = InMemoryWebSessionRepository()
    let accounts = InMemoryAccountRepository()
    let links = InMemoryOneTimeLinkRepository()
    let securityLog = InMemorySecurityLogRepository()
    let mail = InMemoryMailSender()
    let identities = InMemoryLinkedIdentityRepository()
    let passkeys = InMemoryPasskeyRepository()
    let challenges = InMemoryAuthChallengeRepository()
    let vault = InMemorySecretVault()
    let tokens = InMemoryAPITokenRepository()
    var clock = TestClock()
    var signup = SignupPolicy.invite
    /// `AIRFIT_PUBLIC_URL`; the default (127.0.0.1) can't hold passkeys, `http://localhost:8080` can.
    var publicURL = URL(string: "http://127.0.0.1:8080")!
    /// Auto-pilot writes fail (the test-only setting behind the Activity page's rollback).
    var failAutopilotWrites = false
    /// Where `/metrics` reads from (nil: no `/metrics`).
    var metrics: PrometheusCollectorRegistry?
    /// Web Push (nil: not set up).
    var push: PushSetup?

    var dependencies: ServerDependencies {
        let clock = self.clock
        var dependencies = ServerDependencies(
            health: StubHealth(), repository: repository, accounts: accounts, vault: vault, passwordCost: 4, sessions: sessions,
            drafts: drafts,
            now: { clock.now() }, links: links, securityLog: securityLog, mail: mail, publicURL: publicURL, signup: signup,
            identities: identities, passkeys: passkeys, challenges: challenges)
        dependencies.failAutopilotWrites = failAutopilotWrites
        dependencies.tokens = tokens
        dependencies.metrics = metrics
        dependencies.push = push
        return dependencies
    }

    /// The path of the first link to this site in the newest mail to `address`, waiting up to two seconds for it
    /// (some mail is queued after the page answered).
    func link(mailedTo address: String, after count: Int = 0) async throws -> String? {
        for _ in 0..<200 {
            let messages = await mail.messages(to: address)
            if messages.count > count, let text = messages.last?.text,
                let range = text.range(of: #"http://127\.0\.0\.1:8080(/[^\s]+)"#, options: .regularExpression)
            {
                return String(text[range].dropFirst("http://127.0.0.1:8080".count))
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// The app over these stores.
    func app() -> some ApplicationProtocol { Application(router: buildRouter(dependencies)) }
}

extension WebClient {
    /// Signs up without skipping onboarding and opens the first screen.
    mutating func signUpForOnboarding() async throws {
        try await get("/setup")
        try await post("/setup", [("email", "owner@example.com"), ("password", "correct horse battery")])
        try await get("/onboarding")
    }

    /// From the opening screen to the availability screen.
    mutating func walkToAvailability() async throws {
        try await post("/onboarding", [("screen", "opening"), ("action", "begin")])
        try await post("/onboarding", [("screen", "lifeSnapshot"), ("life_busy_professional", "on"), ("action", "next")])
        try await post("/onboarding", [("screen", "coreAspiration"), ("aspiration", "endurance"), ("action", "next")])
        try await post(
            "/onboarding",
            [
                ("screen", "coachingStyle"), ("style_authoritative", "15"), ("style_empathetic", "25"), ("style_analytical", "50"),
                ("style_playful", "10"), ("action", "next"),
            ])
        try await post("/onboarding", [("screen", "engagement"), ("engagement", "consistent_balanced"), ("action", "next")])
    }

    /// Signs up and finishes onboarding with training times on Monday 07:00–08:00 and Thursday 18:00–19:30.
    mutating func signUpAndOnboardWithTrainingTimes() async throws {
        try await signUpForOnboarding()
        try await walkToAvailability()
        for (day, start, end) in [("2", "07:00", "08:00"), ("5", "18:00", "19:30")] {
            try await post(
                "/onboarding",
                [("screen", "availability"), ("slot_day", day), ("slot_start", start), ("slot_end", end), ("action", "add_block")])
        }
        try await post("/onboarding", [("screen", "availability"), ("action", "next")])
        try await post("/onboarding", [("screen", "sleep"), ("bedtime", "22:30"), ("wake", "06:30"), ("action", "next")])
        try await post(
            "/onboarding",
            [
                ("screen", "motivation"), ("achievement", "subtle"), ("inactivity", "gentle"), ("units", "metric"),
                ("baseline", "on"), ("action", "next"),
            ])
        try await post("/onboarding", [("screen", "ready"), ("action", "finish")])
    }

    /// Signs up and finishes onboarding: analytical 50%, encouraging 25%, authoritative 15%, playful 10%;
    /// gentle nudge, subtle celebration, sleep 22:30–06:30.
    mutating func signUpAndOnboard(finish: String = "finish") async throws {
        try await signUpForOnboarding()
        try await walkToAvailability()
        try await post("/onboarding", [("screen", "availability"), ("action", "next")])
        try await post("/onboarding", [("screen", "sleep"), ("bedtime", "22:30"), ("wake", "06:30"), ("action", "next")])
        try await post(
            "/onboarding",
            [
                ("screen", "motivation"), ("achievement", "subtle"), ("inactivity", "gentle"), ("units", "metric"),
                ("baseline", "on"), ("action", "next"),
            ])
        try await post("/onboarding", [("screen", "ready"), ("action", finish)])
    }
}

/// Every value of `attribute` on elements carrying `testID`, in page order.
func attributeValues(_ attribute: String, testID: String, in html: String) -> [String] {
    var values: [String] = []
    var rest = html[...]
    while let marker = rest.range(of: "data-testid=\"\(testID)\"") {
        let tagStart = rest[..<marker.lowerBound].lastIndex(of: "<") ?? marker.lowerBound
        let tagEnd = rest[marker.upperBound...].firstIndex(of: ">") ?? rest.endIndex
        let tag = rest[tagStart..<tagEnd]
        if let value = tag.range(of: "\(attribute)=\"") {
            values.append(String(tag[value.upperBound...].prefix { $0 != "\"" }))
        }
        rest = rest[tagEnd...]
    }
    return values
}

/// How many times `needle` occurs in `html`.
func occurrences(of needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }
