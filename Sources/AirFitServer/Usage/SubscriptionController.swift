import AirFitAI
import AirFitCore
import Foundation
import Hummingbird

/// Settings → Subscription (the spec's SubscriptionView for a self-hosted AirFit): the member's plan as their admin
/// set it, this month's usage against the budget, by provider and by day, the reset date and the cost estimate.
struct SubscriptionController: Sendable {
    let meter: UsageMeter
    let plans: any UsagePlanRepository
    let now: @Sendable () -> Date
    let views: Views

    static let path = "/settings/subscription"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(stringLiteral: Self.path)) { request, context -> Response in
            let user = context.signed.user
            let zone = TimeZone(identifier: user.timeZone) ?? .gmt
            let current = UsageMonth.containing(now(), timeZone: zone)
            var month = current
            if let asked = request.uri.queryParameters["month"] {
                // Only months that have begun, and at most two years back.
                guard let named = UsageMonth.named(String(asked), timeZone: zone), named.start <= current.start,
                    named.start > current.start.addingTimeInterval(-2 * 366 * 86_400)
                else { throw HTTPError(.notFound, message: "Choose a month from the list; usage is kept for two years.") }
                month = named
            }
            async let plan = plans.usagePlan(userID: user.id)
            async let summary = meter.summary(userID: user.id, timeZone: zone, month: month)
            let view = SubscriptionView(plan: try await plan, summary: try await summary, current: current)
            return views.response(view, title: "Subscription", user: user, chrome: PageChrome(csrf: context.signed.session.csrfToken))
        }
    }
}

/// The Subscription page.
struct SubscriptionView: PageView {
    static let template = "subscription"

    struct ProviderRow: Sendable {
        let name: String
        let tokens: String
        let cost: String
        let calls: Int
    }

    struct MonthLink: Sendable {
        let key: String
        let label: String
        let selected: Bool
    }

    let planName: String
    let isUnlimited: Bool
    let budget: String
    let usedText: String
    let percent: Int
    let barState: String
    let isExhausted: Bool
    let isCurrent: Bool
    let monthText: String
    let resetText: String
    let costText: String
    let providers: [ProviderRow]
    let hasUsage: Bool
    let svg: String
    let months: [MonthLink]

    init(plan: UsagePlan?, summary: UsageSummary, current: UsageMonth) {
        let statement = UsageStatement(plan: plan, summary: summary)
        planName = statement.planName
        isUnlimited = statement.budget == nil
        budget = statement.budget.map { UsageStatement.count($0) + " tokens a month" } ?? "No monthly limit"
        usedText = statement.usedText
        percent = statement.percentUsed
        barState = statement.isExhausted ? "over" : statement.percentUsed >= 80 ? "near" : "ok"
        isExhausted = statement.isExhausted && summary.month == current
        isCurrent = summary.month == current
        monthText = statement.monthText
        resetText = statement.resetText
        costText = statement.costText
        providers = summary.byProvider.map {
            ProviderRow(
                name: AIProviderID(rawValue: $0.provider).map { AIProviderCatalog.info($0).displayName } ?? $0.provider,
                tokens: UsageStatement.count($0.tokens), cost: UsageStatement.dollars($0.costMicros), calls: $0.calls)
        }
        hasUsage = summary.calls > 0
        svg = UsageChart.byDay(summary)
        var links: [MonthLink] = []
        var month = current
        for _ in 0..<6 {
            links.append(
                MonthLink(
                    key: month.key, label: UsageStatement(plan: nil, summary: .init(month: month, buckets: [])).monthText,
                    selected: month == summary.month))
            month = month.previous
        }
        months = links
    }
}
