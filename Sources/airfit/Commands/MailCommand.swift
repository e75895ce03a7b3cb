import AirFitMail
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit mail`: the email AirFit sends.
struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Read the email AirFit wrote to its outbox (when no SMTP server is configured).",
        subcommands: [Outbox.self]
    )

    /// `airfit mail outbox [--open N]`.
    struct Outbox: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the messages in the outbox (<data dir>/outbox), or print one's text with --open N.",
            discussion: """
                Without AIRFIT_SMTP_URL, `airfit serve` writes every email (sign-in links, invitations, …) into
                <data dir>/outbox as .eml files readable only by you. Messages are numbered oldest first.
                """
        )

        @Option(name: .customLong("open"), help: "Print the plain text of message N (as numbered by the list).")
        var open: Int?

        func validate() throws {
            if let open, open < 1 { throw ValidationError("--open takes a message number from the list, starting at 1.") }
        }

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let directory = (DataDirectory.fromEnvironment(environment).path as NSString).appendingPathComponent("outbox")
            if let url = environment[MailConfiguration.urlVariable], !url.trimmingCharacters(in: .whitespaces).isEmpty {
                CLI.printError("note: \(MailConfiguration.urlVariable) is set, so new mail goes to that server, not to this outbox.")
            }
            let reader = OutboxReader(directory: directory)
            let entries: [OutboxEntry]
            do {
                entries = try reader.list()
            } catch {
                throw CLI.fail(error)
            }
            guard let open else {
                guard !entries.isEmpty else {
                    print("The outbox is empty (\(directory)).")
                    return
                }
                let width = String(entries.count).count
                for (index, entry) in entries.enumerated() {
                    let number = String(repeating: " ", count: width - String(index + 1).count) + String(index + 1)
                    print("\(number)  \(entry.date)  \(entry.to)  \(entry.subject)")
                }
                print(
                    "\(entries.count == 1 ? "1 message" : "\(entries.count) messages") in \(directory); `airfit mail outbox --open N` prints one."
                )
                return
            }
            guard open <= entries.count else {
                throw CLI.fail(
                    CLIError(
                        entries.isEmpty
                            ? "The outbox is empty (\(directory)): there is no message \(open)."
                            : "There is no message \(open): the outbox has \(entries.count) (see `airfit mail outbox`)."))
            }
            let entry = entries[open - 1]
            let message: String
            do {
                message = try reader.read(path: entry.path)
            } catch {
                throw CLI.fail(error)
            }
            print("Date: \(entry.date)\nTo: \(entry.to)\nSubject: \(entry.subject)\n")
            print(OutboxReader.plainText(of: message))
        }
    }
}
