import AirFitCore
import AirFitServer
import AirFitStore
public import ArgumentParser
import Foundation

/// `airfit members`: the people who share this installation, for the operator at the terminal.
///
/// The command line has the whole data directory in hand, so it acts as an admin; the same rules as Settings →
/// Members hold (``MemberRules``): the last admin can be neither removed nor demoted while others remain.
struct MembersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "List, invite and remove the people who share this AirFit, and change their roles.",
        subcommands: [List.self, Invite.self, Remove.self, Role.self])

    /// `airfit members list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the members: email, role, when they joined, whether they have a password.")

        func run() async throws {
            try await CLI.withStore(logger: CLI.logger()) { context in
                let members = try await context.store.accounts()
                guard !members.isEmpty else {
                    print("No members yet. The first visit to `airfit serve` creates the owner's account.")
                    return
                }
                print(MembersTable.render(members))
            }
        }
    }

    /// `airfit members invite`.
    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a single-use invite link (7 days) for a new member.",
            discussion: """
                The link is printed, not mailed: hand it to the person. It points at AIRFIT_PUBLIC_URL when set, \
                else at http://AIRFIT_HOST:AIRFIT_PORT (127.0.0.1:8080 by default).
                """)

        @Option(help: ArgumentHelp("The address the invite is for (shown masked in Settings → Members).", valueName: "email"))
        var email: String?

        @Option(help: "The new member's role: member or admin.")
        var role: MemberRole = .member

        @Option(help: ArgumentHelp("The admin the invite is recorded under (default: the owner).", valueName: "email"))
        var by: String?

        func run() async throws {
            let (email, role, by) = (Account.normalize(email: self.email ?? ""), self.role, self.by)
            let origin = try MembersCommand.publicOrigin()
            try await CLI.withStore(logger: CLI.logger()) { context in
                let members = try await context.store.accounts()
                let admin = try MembersCommand.admin(by, among: members)
                if let problem = MemberRules.inviteProblem(email: email, members: members) { throw CLIError(problem) }
                let now = Date()
                let token = SessionToken.make()
                try await context.store.createLink(
                    OneTimeLink(
                        purpose: .invite, tokenHash: SessionToken.hash(token), accountID: admin.id, payload: role.rawValue,
                        sentTo: email.isEmpty ? nil : email, createdAt: now))
                try await context.store.recordEvent(
                    SecurityEvent(accountID: admin.id, kind: .memberInvited, at: now, device: "Command line"))
                let days = Int(OneTimeLink.Purpose.invite.lifetime / 86_400)
                print("Invite link for a new \(role.rawValue) (works once, for \(days) days):")
                print(origin + "/join/" + token)
            }
        }
    }

    /// `airfit members remove`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a member and everything of theirs (data, keys, sign-ins). This cannot be undone.")

        @Argument(help: ArgumentHelp("The member's email.", valueName: "email"))
        var email: String

        @Flag(help: "Remove without asking.")
        var yes = false

        func run() async throws {
            let (email, yes) = (self.email, self.yes)
            try await CLI.withStore(logger: CLI.logger()) { context in
                let target = try await context.member(email: email)
                if let problem = MemberRules.removalProblem(target, members: try await context.store.accounts()) {
                    throw CLIError(problem.replacingOccurrences(of: "You are the last admin.", with: "\(target.email) is the last admin."))
                }
                if !yes {
                    Console.write("Remove \(target.email) and all their data? This cannot be undone. Type yes to confirm: ")
                    let answer = await LineInput().nextLine()?.trimmingCharacters(in: .whitespaces).lowercased()
                    guard answer == "yes" || answer == "y" else { throw CLIError("Nothing was removed.") }
                }
                let counts = try await context.store.eraseAccount(target)
                try await MembersCommand.record(.memberRemoved, context: context)
                let rows = counts.values.reduce(0, +)
                print("Removed \(target.email) (\(rows) row\(rows == 1 ? "" : "s") deleted).")
            }
        }
    }

    /// `airfit members role`.
    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a member an admin, or an admin a member.")

        @Argument(help: ArgumentHelp("The member's email.", valueName: "email"))
        var email: String

        @Argument(help: "The new role: admin or member.")
        var role: MemberRole

        func run() async throws {
            let (email, role) = (self.email, self.role)
            try await CLI.withStore(logger: CLI.logger()) { context in
                var target = try await context.member(email: email)
                guard target.role != role else {
                    print("\(target.email) is already \(role == .admin ? "an admin" : "a member").")
                    return
                }
                if let problem = MemberRules.roleChangeProblem(target, to: role, members: try await context.store.accounts()) {
                    throw CLIError(problem)
                }
                target.role = role
                try await context.store.updateAccount(target)
                try await MembersCommand.record(.roleChanged, context: context)
                print("\(target.email) is now \(role == .admin ? "an admin" : "a member").")
            }
        }
    }

    /// Adds `kind` to the owner's security log (the admin the command line acts as), as Settings → Members does for
    /// the admin who made the change.
    static func record(_ kind: SecurityEvent.Kind, context: StoreContext) async throws {
        guard let owner = MemberRules.owner(among: try await context.store.accounts()) else { return }
        try await context.store.recordEvent(SecurityEvent(accountID: owner.id, kind: kind, at: Date(), device: "Command line"))
    }

    /// The admin named by `email`, or the owner (the oldest admin) when `email` is `nil`.
    static func admin(_ email: String?, among members: [Account]) throws -> Account {
        guard let email else {
            guard let owner = MemberRules.owner(among: members) else {
                throw CLIError("There is no admin yet: the first visit to `airfit serve` creates the owner's account.")
            }
            return owner
        }
        guard let account = members.first(where: { $0.email == Account.normalize(email: email) }) else {
            throw UnknownMemberError(email: email)
        }
        guard account.role == .admin else { throw CLIError("\(account.email) is not an admin; invites are recorded under an admin.") }
        return account
    }

    /// The origin invite links point at: the server's own rule (`AIRFIT_PUBLIC_URL`, else where `serve` listens).
    static func publicOrigin(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        do {
            var origin = try ServerConfiguration.fromEnvironment(environment).publicOrigin.absoluteString
            while origin.hasSuffix("/") { origin.removeLast() }
            return origin
        } catch {
            throw CLI.fail(error)
        }
    }
}

extension MemberRole: ExpressibleByArgument {}

/// The member list as a plain table.
enum MembersTable {
    /// One row per member, oldest first: email, role, the day they joined (UTC), whether they have a password.
    static func render(_ members: [Account]) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "yyyy-MM-dd"
        let header = ["EMAIL", "ROLE", "JOINED", "PASSWORD"]
        let rows = members.map { [$0.email, $0.role.rawValue, formatter.string(from: $0.createdAt), $0.hasPassword ? "yes" : "no"] }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
