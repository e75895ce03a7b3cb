import AirFitAI
import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit usage`: the member's plan and a month's model usage, as Settings → Subscription shows them.
struct UsageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage",
        abstract: "Show your plan and this month's AI usage: tokens against the budget, by provider and by day, the reset date and cost.")

    @Option(help: "The month to show, as YYYY-MM (default: this month, in your time zone).")
    var month: String?

    @Flag(help: "Print the numbers as JSON.")
    var json = false

    @OptionGroup var person: PersonOptions

    func run() async throws {
        let (asked, json) = (month, self.json)
        try await CLI.withStore(logger: CLI.logger()) { context in
            guard let owner = try await person.existingPerson(in: context) else {
                throw CLI.fail(CLIError("No one uses AirFit here yet. Run `airfit onboard` or `airfit serve` first."))
            }
            let zone = TimeZone(identifier: owner.timeZone) ?? .gmt
            var month = UsageMonth.containing(Date(), timeZone: zone)
            if let asked {
                guard let named = UsageMonth.named(asked, timeZone: zone) else {
                    throw CLI.fail(CLIError("--month takes a month as YYYY-MM, such as 2026-11; \"\(asked.prefix(20))\" isn't one."))
                }
                month = named
            }
            let meter = UsageMeter(ledger: context.store, plans: context.store, prices: .shipped, now: { Date() })
            let summary = try await meter.summary(userID: owner.id, timeZone: zone, month: month)
            let plan = try await context.store.usagePlan(userID: owner.id)
            if json {
                print(Self.json(plan: plan, summary: summary))
            } else {
                Self.lines(plan: plan, summary: summary).forEach { print($0) }
            }
        }
    }

    static func lines(plan: UsagePlan?, summary: UsageSummary) -> [String] {
        let statement = UsageStatement(plan: plan, summary: summary)
        var lines = [
            "Plan: \(statement.planName)",
            "\(statement.monthText): \(statement.usedText)"
                + (statement.budget == nil ? "" : " (\(statement.percentUsed)%)"),
            "Resets on \(statement.resetText).", "Estimated cost: \(statement.costText)",
        ]
        if statement.isExhausted { lines.append("The budget is used up: the coach can't answer until it resets.") }
        guard summary.calls > 0 else { return lines + ["No model calls this month."] }
        lines.append("By provider:")
        for row in summary.byProvider {
            let name = AIProviderID(rawValue: row.provider).map { AIProviderCatalog.info($0).displayName } ?? row.provider
            lines.append(
                "  \(name): \(UsageStatement.count(row.tokens)) tokens in \(row.calls) call\(row.calls == 1 ? "" : "s"), "
                    + UsageStatement.dollars(row.costMicros))
        }
        lines.append("By day:")
        for day in summary.byDay where day.tokens > 0 { lines.append("  \(day.day): \(UsageStatement.count(day.tokens)) tokens") }
        return lines
    }

    static func json(plan: UsagePlan?, summary: UsageSummary) -> String {
        struct Provider: Encodable {
            let provider: String
            let tokens: Int
            let calls: Int
            let costMicros: Int64
        }
        struct Day: Encodable {
            let day: String
            let tokens: Int
        }
        struct Document: Encodable {
            let month: String
            let plan: String
            let budget: Int?
            let used: Int
            let resetsAt: Date
            let costMicros: Int64
            let estimated: Bool
            let byProvider: [Provider]
            let byDay: [Day]
        }
        let document = Document(
            month: summary.month.key, plan: plan?.name ?? "Unlimited", budget: plan?.monthlyTokenBudget, used: summary.totalTokens,
            resetsAt: summary.month.end, costMicros: summary.costMicros, estimated: summary.hasEstimates,
            byProvider: summary.byProvider.map {
                Provider(provider: $0.provider, tokens: $0.tokens, calls: $0.calls, costMicros: $0.costMicros)
            },
            byDay: summary.byDay.map { Day(day: $0.day, tokens: $0.tokens) })
        return (try? JSONCoding.encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
