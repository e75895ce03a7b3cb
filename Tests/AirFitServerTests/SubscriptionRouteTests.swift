import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Subscription, plans and budgets")
struct SubscriptionRouteTests {
    /// A call of `tokens` in the owner's ledger, now.
    static func spend(_ installation: TestInstallation, _ owner: User, tokens: Int, provider: String = "openai") async throws {
        let meter = UsageMeter(
            ledger: installation.repository, plans: installation.repository, prices: .shipped, now: installation.clock.now)
        _ = try await meter.record(
            userID: owner.id, timeZone: TimeZone(identifier: owner.timeZone) ?? .gmt, purpose: .chat, provider: provider,
            model: "gpt-4o-mini", tokens: TokenCounts(input: tokens - tokens / 4, output: tokens / 4), latencyMilliseconds: 900,
            outcome: .completed, settling: nil)
    }

    @Test("The Subscription page shows the plan, the month's usage by provider and by day, the reset date and the cost")
    func page() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let owner = try #require(try await installation.repository.users().first)
            try await Self.spend(installation, owner, tokens: 12_000)
            try await Self.spend(installation, owner, tokens: 800, provider: "anthropic")
            let hub = text(try await web.get("/settings").body)
            #expect(hub.contains(#"data-testid="settings.subscription""#) && hub.contains("Unlimited"))
            let page = text(try await web.get("/settings/subscription").body)
            #expect(page.contains(#"data-testid="subscription.plan""#) && page.contains("<strong>Unlimited</strong>"))
            #expect(page.contains("12,800 tokens (no limit)"))
            #expect(page.contains(#"data-testid="subscription.chart""#) && page.contains("<svg"))
            #expect(page.contains("OpenAI") && page.contains("Anthropic"))
            let zone = TimeZone(identifier: owner.timeZone) ?? .gmt
            let reset = UsageStatement(plan: nil, summary: .init(month: .containing(installation.clock.now(), timeZone: zone), buckets: []))
            #expect(page.contains(#"data-testid="subscription.reset">Resets on \#(reset.resetText)"#))
            #expect(page.contains("Estimated cost at list prices: ≈ "))
            #expect(try await web.get("/settings/subscription?month=1999-01").status == .notFound)
            #expect(try await web.get("/settings/subscription?month=%3Cscript%3E").status == .notFound)
        }
    }

    @Test("An admin creates a plan and assigns it; over its budget the API refuses with 429 and Retry-After until the month resets")
    func budget() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            provider.script("/v1/messages", [.init(chunks: AnthropicWire.text(["After the reset."]))])
            try await installation.app().test(.router) { client in
                var web = WebClient(client: client)
                let token = try await OpenAIEndpointTests.setUp(installation, web: &web, provider: provider)
                let owner = try #require(try await installation.repository.users().first)
                let account = try #require(try await installation.accounts.account(email: "owner@example.com"))
                try await web.get("/settings/plans")
                let bad = try await web.post("/settings/plans", [("name", "Trial"), ("budget", "lots")])
                #expect(bad.status == .unprocessableContent && text(bad.body).contains(#"value="Trial""#))
                #expect(try await web.post("/settings/plans", [("name", "Trial"), ("budget", "2k")]).status == .seeOther)
                let plan = try #require(try await installation.repository.usagePlans().first)
                #expect(plan.monthlyTokenBudget == 2_000)
                let plans = text(try await web.get("/settings/plans").body)
                #expect(plans.contains(#"data-testid="admin.plan.\#(account.id.uuidString)""#))
                #expect(
                    try await web.post("/settings/members/\(account.id.uuidString)/plan", [("plan", plan.id.uuidString)]).status
                        == .seeOther)
                try await Self.spend(installation, owner, tokens: 2_000)
                let page = text(try await web.get("/settings/subscription").body)
                #expect(page.contains("2,000 of 2,000 tokens") && page.contains(#"data-testid="error.banner""#))

                let body = #"{"model":"claude-test","messages":[{"role":"user","content":"Hi"}]}"#
                let refused = try await OpenAIEndpointTests.completion(client, token: token, body: body)
                #expect(refused.status == .tooManyRequests)
                let zone = TimeZone(identifier: owner.timeZone) ?? .gmt
                let month = UsageMonth.containing(installation.clock.now(), timeZone: zone)
                let wait = Int(month.end.timeIntervalSince(installation.clock.now()).rounded(.up))
                #expect(refused.headers[.retryAfter] == String(wait))
                #expect(text(refused.body).contains("budget_exhausted") && provider.requests.isEmpty)

                // The month turns over in the member's zone: the budget starts again.
                installation.clock.set(month.end.addingTimeInterval(1))
                let allowed = try await OpenAIEndpointTests.completion(client, token: token, body: body)
                #expect(allowed.status == .ok && text(allowed.body).contains("After the reset."))
            }
        }
    }

    @Test("Plans & budgets is for admins: a member finds nothing there")
    func adminOnly() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            var account = try #require(try await installation.accounts.account(email: "owner@example.com"))
            account.role = .member
            try await installation.accounts.updateAccount(account)
            installation.clock.advance(minutes: 1)  // past the sign-in cache
            #expect(try await web.get("/settings/plans").status == .notFound)
            #expect(try await web.post("/settings/plans", [("name", "Mine"), ("budget", "")]).status == .notFound)
        }
    }
}
