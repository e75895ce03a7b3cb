import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// The security review's reproductions, kept as tests so each finding stays fixed.
@Suite("Security review regressions")
struct SecurityRegressionTests {
    @Test("A cross-site link with another base URL never sends the stored key anywhere; the key goes only to its saved address")
    func crossSiteLinkSendsNoKey() async throws {
        try await withProviderServer { legit in
            try await withProviderServer { attacker in
                legit.script("/v1/models", [ModelListWire.accepted])
                attacker.script("/v1/models", [ModelListWire.accepted])
                let harness = ProviderHarness()
                try await harness.app().test(.router) { client in
                    var web = WebClient(client: client)
                    try await web.signUp()
                    // Anthropic is the person's provider; OpenAI has a key saved for the legitimate address.
                    try await harness.choose(.anthropic, baseURL: nil, key: "sk-ant-0123456789abcdefghij")
                    try await harness.vault.saveSecret(
                        ModelListWire.acceptedKey, provider: "openai", userID: harness.owner().id, baseURL: legit.baseURL)
                    let link =
                        "/settings/provider?provider=openai&base_url="
                        + (attacker.baseURL.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                    let page = try await web.get(link)
                    #expect(page.status == .ok)
                    #expect(attacker.requests.isEmpty, "a GET sent a request to the attacker's address")
                    #expect(legit.requests.isEmpty, "a GET sent a request with a secret")
                    #expect(!text(page.body).contains(attacker.baseURL))
                    // The page's POST asks for the live list at the key's own address, whatever the form says.
                    _ = try await web.post(
                        "/settings/provider",
                        [("action", "choose"), ("provider", "openai"), ("shown", "anthropic"), ("base_url", attacker.baseURL)])
                    #expect(attacker.requests.isEmpty)
                    #expect(legit.hits("/v1/models") == 1)
                    // Saving another base URL for the key is refused until the key is entered again.
                    let save = try await web.post(
                        "/settings/provider",
                        [
                            ("action", "save"), ("provider", "openai"), ("shown", "openai"), ("model", "gpt-4o"),
                            ("base_url", attacker.baseURL),
                        ])
                    #expect(save.status == .unprocessableContent)
                    #expect(unescaped(save).contains("A key is only sent to the address it was saved with"))
                    #expect(attacker.requests.isEmpty)
                    #expect(try await harness.owner().selectedAIProvider == "anthropic")
                    // A GET with the old query shape cannot even make the request without CSRF.
                    let forged = try await web.post(
                        "/settings/provider", [("action", "choose"), ("provider", "openai"), ("base_url", attacker.baseURL)],
                        withCSRF: false)
                    #expect(forged.status == .forbidden)
                    #expect(attacker.requests.isEmpty)
                }
            }
        }
    }

    @Test(
        "A coaching-style value of inf, nan, -1e306 or 1e306 never crashes the server, with Next or Back",
        arguments: ["inf", "nan", "-1e306", "1e306", "-1", "101", "1e400", "0x1p1023"])
    func hostileStyleNumbers(value: String) async throws {
        try await makeTestApp().test(.router) { client in
            var web = try await onboardingAtStyle(client)
            for action in ["next", "back"] {
                let response = try await web.post(
                    "/onboarding", [("screen", "coachingStyle"), ("style_authoritative", value), ("action", action)])
                #expect([.seeOther, .unprocessableContent].contains(response.status))
                let page = try await web.get("/onboarding")
                #expect(page.status == .ok)
                if action == "back" {
                    try await web.post("/onboarding", [("screen", "coreAspiration"), ("aspiration", "lose_weight"), ("action", "next")])
                }
            }
            let style = try await web.get("/onboarding")
            #expect(style.status == .ok)
            #expect(!text(style.body).contains("e+"), "an out-of-range value reached the page")
        }
    }

    @Test("A stored draft with a style of 1e306 and a 60,000-character goal is repaired with a message, never trusted")
    func storedDraftIsRepaired() async throws {
        let drafts = InMemoryOnboardingDraftRepository()
        let store = InMemoryStore()
        let app = Application(
            router: buildRouter(ServerDependencies(health: StubHealth(), repository: store, passwordCost: 4, drafts: drafts)))
        try await app.test(.router) { client in
            var web = WebClient(client: client)
            try await web.get("/setup")
            try await web.post("/setup", [("email", "owner@example.com"), ("password", "correct horse battery")])
            let owner = try #require(try await store.users().first)
            var draft = OnboardingDraft()
            draft.screen = .coachingStyle
            draft.coachingStyle[.authoritative] = 1e306
            draft.aspirationCard = .custom
            draft.aspirationText = String(repeating: "x", count: 60_000)
            try await drafts.saveDraft(draft, userID: owner.id)
            let page = try await web.get("/onboarding")
            #expect(page.status == .ok)
            #expect(text(page.body).contains("A coaching style value could not be used"))
            let repaired = try #require(try await drafts.draft(userID: owner.id))
            #expect(repaired.coachingStyle[.authoritative] <= 1)
            #expect(repaired.aspirationText.count == OnboardingValidation.maximumAspirationLength)
        }
    }

    @Test("Back saves only what Next would accept: a 60,000-character goal is not stored")
    func backKeepsOnlyValidAnswers() async throws {
        let drafts = InMemoryOnboardingDraftRepository()
        let store = InMemoryStore()
        let app = Application(
            router: buildRouter(ServerDependencies(health: StubHealth(), repository: store, passwordCost: 4, drafts: drafts)))
        try await app.test(.router) { client in
            var web = try await onboardingAtStyle(client, back: true)
            let long = String(repeating: "a", count: 60_000)
            try await web.post(
                "/onboarding", [("screen", "coreAspiration"), ("aspiration", "custom"), ("aspiration_text", long), ("action", "back")])
            let owner = try #require(try await store.users().first)
            let saved = try #require(try await drafts.draft(userID: owner.id))
            #expect(saved.screen == .lifeSnapshot)
            #expect(saved.aspirationText.count <= OnboardingValidation.maximumAspirationLength)
        }
    }

    @Test("Ten parallel first-run sign-ups create exactly one owner account")
    func ownerRace() async throws {
        let accounts = InMemoryAccountRepository()
        let store = InMemoryStore()
        let app = Application(
            router: buildRouter(ServerDependencies(health: StubHealth(), repository: store, accounts: accounts, passwordCost: 4)))
        try await app.test(.router) { client in
            var clients: [WebClient] = []
            for _ in 0..<10 {
                var web = WebClient(client: client)
                try await web.get("/setup")
                clients.append(web)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, web) in clients.enumerated() {
                    group.addTask {
                        var web = web
                        try await web.post("/setup", [("email", "owner\(index)@example.com"), ("password", "correct horse battery")])
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await accounts.accountCount() == 1)
            #expect(try await store.users().count == 1)
        }
    }

    @Test(
        "Unlock's next parameter only ever leads to a path on this site",
        arguments: [
            ("/%09/evil.com", "/"), ("//evil.com", "/"), ("/\\evil.com", "/"), ("/%2F/evil.com", "/"), ("/%5Cevil.com", "/"),
            ("https://evil.com", "/"), ("/settings\r\nX: 1", "/"), ("/unlock?next=/x", "/"),
            ("/settings/units?saved=1", "/settings/units?saved=1"),
            ("/chat", "/chat"),
        ])
    func openRedirect(next: String, expected: String) {
        #expect(AppLock.safeNext(next) == expected)
        #expect(SafeRedirect.isSameOriginPath(next) == (expected == next || next.hasPrefix("/unlock")))
    }

    @Test("Two settings saves in parallel both land: units from one tab, appearance from another")
    func parallelSavesKeepBoth() async throws {
        let store = InMemoryStore()
        let app = Application(router: buildRouter(ServerDependencies(health: StubHealth(), repository: store, passwordCost: 4)))
        try await app.test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let owner = try #require(try await store.users().first)
            #expect(owner.preferredUnits == .imperial && owner.appearanceMode == .system)
            let csrf = try #require(web.csrf)
            // Both requests read the row before either writes, as two tabs saving at once do.
            var stale = owner
            stale.preferredUnits = .metric
            try await store.updateUser(stale, from: owner)
            var other = owner
            other.appearanceMode = .dark
            try await store.updateUser(other, from: owner)
            let merged = try #require(try await store.users().first)
            #expect(merged.preferredUnits == .metric)
            #expect(merged.appearanceMode == .dark)
            // And through the pages.
            try await web.post("/settings/units", [("units", "imperial"), ("_csrf", csrf)], withCSRF: false)
            try await web.post("/settings/appearance", [("appearance", "light"), ("_csrf", csrf)], withCSRF: false)
            let after = try #require(try await store.users().first)
            #expect(after.preferredUnits == .imperial)
            #expect(after.appearanceMode == .light)
        }
    }

    @Test("A NUL byte in a form value is removed, never a cut: before%00after arrives as beforeafter")
    func nulBytes() throws {
        let body = "message=before%00after&name=a%0D%0Ab%1Fc&conversation=x"
        let chat = try FormDecoding.decode(ChatMessageForm.self, from: body)
        #expect(chat.message == "beforeafter")
        let fields = try FormDecoding.decode(FormFields.self, from: body).values
        #expect(fields["message"] == "beforeafter")
        #expect(fields["name"] == "a\nbc")
    }

    @Test("A repeated field or a broken percent escape is refused with a message that repeats nothing sent")
    func unreadableForms() {
        for body in ["key=sk-secret-1&key=sk-secret-2", "key=sk-secret%zz"] {
            #expect {
                try FormDecoding.decode(KeyForm.self, from: body)
            } throws: { error in
                guard let error = error as? HTTPError else { return false }
                return error.status == .badRequest && error.body == FormDecoding.unreadable && !FormDecoding.unreadable.contains("secret")
            }
        }
    }

    @Test("A checkbox is ticked when sent with any value and unticked when absent; a missing text field is nil")
    func checkboxesAndMissingFields() throws {
        let ticked = try FormDecoding.decode(KeyForm.self, from: "skip_test=on&key=abc")
        #expect(ticked.skipTest && ticked.key == "abc" && ticked.baseURL == nil)
        let unticked = try FormDecoding.decode(KeyForm.self, from: "key=a+b%2Bc")
        #expect(!unticked.skipTest && unticked.key == "a b+c")
    }

    /// Signs up and walks onboarding to the coaching-style screen (or, with `back`, to the aspiration screen).
    private func onboardingAtStyle(_ client: any TestClientProtocol, back: Bool = false) async throws -> WebClient {
        var web = WebClient(client: client)
        try await web.get("/setup")
        try await web.post("/setup", [("email", "owner@example.com"), ("password", "correct horse battery")])
        try await web.get("/onboarding")
        try await web.post("/onboarding", [("screen", "opening"), ("action", "begin")])
        try await web.post("/onboarding", [("screen", "lifeSnapshot"), ("life_busy_professional", "on"), ("action", "next")])
        if back { return web }
        try await web.post("/onboarding", [("screen", "coreAspiration"), ("aspiration", "lose_weight"), ("action", "next")])
        return web
    }
}

@Suite("Settings form errors")
struct SettingsFormErrorTests {
    @Test(
        "Units, Appearance and Notifications show what is wrong, not a bare 422",
        arguments: [
            ("/settings/units", [("units", "furlongs")]), ("/settings/appearance", [("appearance", "neon")]),
            ("/settings/notifications", [("quiet", "on"), ("quiet_start", "25:99"), ("quiet_end", "07:00")]),
        ])
    func errorsShown(path: String, fields: [(String, String)]) async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get(path)
            let response = try await web.post(path, fields)
            #expect(response.status == .unprocessableContent)
            let page = text(response.body)
            #expect(page.contains(#"role="alert""#), "\(path) has no error message")
            #expect(page.range(of: #"<li>[^<]{8,}</li>"#, options: .regularExpression) != nil, "\(path): the message is empty")
        }
    }
}
