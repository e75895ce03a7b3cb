import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("What your coach sees")
struct PrivacyRouteTests {
    private static let answers: [(String, String)] = [
        ("screen", "lifeSnapshot"), ("life_parent_caregiver", "on"), ("action", "next"),
    ]

    /// Signs up, onboards with a nickname-free persona that has a schedule and sleep times, and connects the fake.
    private func onboarded(_ web: inout WebClient, harness: ChatRouteTests.Harness, provider: FakeProviderServer) async throws {
        try await web.get("/setup")
        try await web.post("/setup", [("email", "owner@example.com"), ("password", "correct horse battery")])
        try await web.get("/onboarding")
        try await web.post("/onboarding", [("screen", "opening"), ("action", "begin")])
        try await web.post("/onboarding", Self.answers)
        try await web.post("/onboarding", [("screen", "coreAspiration"), ("aspiration", "endurance"), ("action", "next")])
        try await web.post("/onboarding", [("screen", "coachingStyle"), ("style_empathetic", "80"), ("action", "next")])
        try await web.post("/onboarding", [("screen", "engagement"), ("engagement", "consistent_balanced"), ("action", "next")])
        try await web.post(
            "/onboarding",
            [("screen", "availability"), ("slot_day", "3"), ("slot_start", "06:15"), ("slot_end", "07:05"), ("action", "add_block")])
        try await web.post("/onboarding", [("screen", "availability"), ("action", "next")])
        try await web.post("/onboarding", [("screen", "sleep"), ("bedtime", "22:40"), ("wake", "06:10"), ("action", "next")])
        try await web.post("/onboarding", [("screen", "motivation"), ("action", "next")])
        try await web.post("/onboarding", [("screen", "ready"), ("action", "finish")])
        try await harness.connect(provider)
        var owner = try #require(try await harness.repository.users().first)
        owner.nickname = "Zephyrine"
        try await harness.repository.updateUser(owner)
    }

    @Test("Each switch is honoured by the request body, and Show the last request shows exactly what was sent")
    func switchesShapeEveryRequest() async throws {
        let harness = ChatRouteTests.Harness()
        try await withProviderServer { provider in
            provider.script("/v1/chat/completions", [.init(chunks: OpenAIWire.text(["Hi"])), .init(chunks: OpenAIWire.text(["Again"]))])
            try await Application(router: buildRouter(harness.dependencies)).test(.router) { client in
                var web = WebClient(client: client)
                try await onboarded(&web, harness: harness, provider: provider)
                let conversation = ChatRouteTests.conversation(text(try await web.get("/chat").body))
                _ = try await web.post("/chat/stream", [("conversation", conversation), ("message", "first")])
                let shared = try #require(provider.requests.last).body
                #expect(shared.contains("Zephyrine"))
                #expect(shared.contains("06:15") && shared.contains("22:40"))
                #expect(shared.contains("getRecentActivity"))
                #expect(!shared.contains("owner@example.com"), "the email is never sent")

                let privacy = text(try await web.get("/settings/privacy").body)
                #expect(privacy.contains(#"data-testid="privacy.share.name""#))
                #expect(privacy.contains("What your coach sees"))
                try await web.post(
                    "/settings/privacy", [("lock_minutes", "15"), ("coach_sees", "1"), ("share_lifeContext", "on")])
                let owner = try #require(try await harness.repository.users().first)
                #expect(Set(owner.coachContextExclusions ?? []) == ["name", "scheduleAndSleep", "recentActivity", "weatherLocation"])

                _ = try await web.post("/chat/stream", [("conversation", conversation), ("message", "second")])
                let withheld = try #require(provider.requests.last).body
                #expect(!withheld.contains("Zephyrine"), "the name was left out")
                #expect(!withheld.contains("06:15") && !withheld.contains("22:40"), "the schedule and sleep were left out")
                #expect(!withheld.contains("sleepSchedule"))
                #expect(!withheld.contains("getRecentActivity") && !withheld.contains("getWeather"), "their tools are not offered")
                #expect(withheld.contains("Recent activity: not shared"))

                let page = text(try await web.get("/settings/privacy/requests").body)
                #expect(page.components(separatedBy: #"data-testid="privacy.request""#).count - 1 == 2)
                #expect(page.contains("not shared by this person"))
                #expect(!page.contains("sk-test-0123456789abcdefghijklmn"), "the key is never in a recorded body")
                let stored = try await harness.repository.providerRequests(userID: owner.id)
                #expect(stored.count == 2)
                #expect(stored.first.map { withheld.contains("\"second\"") && $0.body.contains("second") } == true)
            }
        }
    }

    @Test("At most the last 20 requests are kept, newest first, and deleted with the person's data")
    func keptAndDeleted() async throws {
        let store = InMemoryStore()
        let user = User(name: "Kept")
        try await store.createUser(user)
        for index in 0..<25 {
            try await store.recordProviderRequest(
                ProviderRequestRecord(
                    userID: user.id, createdAt: Date(timeIntervalSince1970: Double(index)), provider: "openai", model: "m", body: "\(index)"
                ))
        }
        let kept = try await store.providerRequests(userID: user.id)
        #expect(kept.count == ProviderRequestRecord.keptPerPerson)
        #expect(kept.first?.body == "24")
        _ = try await store.deleteAllData(userID: user.id)
        #expect(try await store.providerRequests(userID: user.id).isEmpty)
    }
}
