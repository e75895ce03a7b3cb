import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit notifications`: the coach's notifications at the terminal: the inbox and queue, a test notification,
/// and one scheduler pass at any instant (for operators and tests).
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "List your notifications, send a test one, or run the scheduler once.",
        subcommands: [List.self, Test.self, RunDue.self])

    /// `airfit notifications list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the inbox (newest first) and what is waiting: scheduled, or held for quiet hours and sleep.")

        @Flag(help: "Print the notifications as JSON.")
        var json = false

        @OptionGroup var person: PersonOptions

        func run() async throws {
            let json = self.json
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let user = try await person.existingPerson(in: context) else {
                    throw CLI.fail(CLIError("No one uses AirFit here yet. Run `airfit onboard` or `airfit serve` first."))
                }
                let inbox = try await context.store.inbox(userID: user.id, limit: 100)
                let waiting = try await context.store.notifications(userID: user.id, states: [.pending, .held], since: .distantPast)
                if json {
                    print(NotificationsJSON.render(inbox: inbox, waiting: waiting))
                    return
                }
                let zone = TimeZone(identifier: user.timeZone) ?? .gmt
                let style = Date.FormatStyle(date: .numeric, time: .shortened, timeZone: zone)
                if inbox.isEmpty && waiting.isEmpty { print("No notifications yet.") }
                if !inbox.isEmpty {
                    print("Inbox (\(inbox.filter { $0.readAt == nil }.count) unread):")
                    for item in inbox {
                        let mark = item.readAt == nil ? "•" : " "
                        print("\(mark) \((item.deliveredAt ?? item.dueAt).formatted(style))  \(item.title): \(item.body)")
                    }
                }
                if !waiting.isEmpty {
                    print("Waiting:")
                    for item in waiting {
                        let what = item.state == .held ? "held until" : "due"
                        print("  \(what) \((item.heldUntil ?? item.dueAt).formatted(style))  \(item.category.displayName): \(item.title)")
                    }
                }
            }
        }
    }

    /// `airfit notifications test`.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a test notification now: to the inbox, and by Web Push to every device that has push turned on.")

        @OptionGroup var person: PersonOptions

        func run() async throws {
            try await CLI.withStore(logger: CLI.logger()) { context in
                let user = try await person.person(in: context)
                let now = Date()
                let test = CoachNotification(
                    userID: user.id, category: .dailyCheckIn, title: "Test notification",
                    body: "Notifications reach you. Choose which ones in Settings → Notifications.", link: "/settings/notifications",
                    dueAt: now, dedupeKey: "test:\(UUID().uuidString.lowercased())", createdAt: now)
                try await context.store.scheduleNotification(test)
                _ = try await NotificationsCommand.withScheduler(context: context) { try await $0.deliverDue(now: now) }
                let devices = try await context.store.pushDevices(userID: user.id).count
                print("A test notification is in the inbox (the bell on every page, or `airfit notifications list`).")
                if devices > 0 { print("It went by Web Push to \(devices) device\(devices == 1 ? "" : "s") too.") }
            }
        }
    }

    /// `airfit notifications run-due`.
    struct RunDue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run-due",
            abstract: "Run the scheduler once: plan each member's notifications, then deliver what is due.",
            discussion: "`airfit serve` does this every minute. --now runs it as if at another instant (for tests).")

        @Option(help: ArgumentHelp("The instant to run at, such as 2026-11-24T07:31:00+01:00 (default: now).", valueName: "iso8601"))
        var now: String?

        func validate() throws {
            if let now, NotificationsCommand.instant(now) == nil {
                throw ValidationError("--now takes an ISO 8601 instant with its offset, such as 2026-11-24T07:31:00+01:00.")
            }
        }

        func run() async throws {
            let instant = now.flatMap(NotificationsCommand.instant) ?? Date()
            try await CLI.withStore(logger: CLI.logger()) { context in
                let (scheduled, report) = try await NotificationsCommand.withScheduler(context: context) { try await $0.tick(now: instant) }
                print(
                    "Scheduled \(scheduled), delivered \(report.delivered), summaries \(report.summaries) "
                        + "(standing for \(report.collapsed)), held \(report.held), dropped \(report.dropped).")
            }
        }
    }

    /// An ISO 8601 instant with an offset or `Z`, with or without fractional seconds.
    static func instant(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        return (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}

/// `airfit notifications list --json`.
enum NotificationsJSON {
    private struct Item: Encodable {
        let id: String
        let category: String
        let title: String
        let body: String
        let link: String
        let state: String
        let dueAt: Date
        let deliveredAt: Date?
        let read: Bool
    }

    private struct Document: Encodable {
        let inbox: [Item]
        let waiting: [Item]
    }

    static func render(inbox: [CoachNotification], waiting: [CoachNotification]) -> String {
        func item(_ n: CoachNotification) -> Item {
            Item(
                id: n.id.uuidString.lowercased(), category: n.category.rawValue, title: n.title, body: n.body, link: n.link,
                state: n.state.rawValue, dueAt: n.dueAt, deliveredAt: n.deliveredAt, read: n.readAt != nil)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(Document(inbox: inbox.map(item), waiting: waiting.map(item)))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
