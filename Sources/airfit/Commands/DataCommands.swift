import AirFitCore
import AirFitStore
public import ArgumentParser
import Foundation

/// `airfit export`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export all your data (never your keys) as a JSON archive or a zip of CSV tables.")

    @Option(help: "json (one archive that `airfit import` restores) or csv (a zip of one CSV per table).")
    var format: ExportFormat = .json

    @Option(
        name: [.short, .customLong("output")], help: "File to write (default: airfit-export-<date>.<json|zip> here; - for standard output)."
    )
    var output: String?

    @OptionGroup var person: PersonOptions

    func run() async throws {
        let format = self.format
        let output = self.output
        try await CLI.withStore(logger: CLI.logger()) { context in
            guard let owner = try await person.existingPerson(in: context) else { throw CLIError("There is no data to export yet.") }
            let exporter = DataExporter(repository: context.store)
            if output == "-" {
                let sink = StandardOutputSink()
                try await exporter.export(userID: owner.id, format: format, to: sink)
                return
            }
            let stamp = ISO8601.string(from: Date()).prefix(19).replacingOccurrences(of: ":", with: "").replacingOccurrences(
                of: "-", with: "")
            let path = output ?? "airfit-export-\(stamp).\(format.fileExtension)"
            let temporary = path + ".partial"
            // An export killed before it finished (kill -9) left its .partial file: remove it and any other stale one.
            ExportPartials.clean(besides: path)
            let sink = try FileSink(path: temporary)
            do {
                try await exporter.export(userID: owner.id, format: format, to: sink)
                try sink.close()
                guard rename(temporary, path) == 0 else { throw CLIError("Could not write \(path).") }
            } catch {
                try? sink.close()
                try? FileManager.default.removeItem(atPath: temporary)
                throw error
            }
            print("Exported to \(path) (\(ByteCountFormatter.string(fromByteCount: sink.bytesWritten, countStyle: .file))).")
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}

/// The `.partial` files of exports that never finished.
enum ExportPartials {
    /// Another export may still be writing a younger one.
    static let staleAfter: TimeInterval = 10 * 60

    /// Removes `path.partial` and every `airfit-export-*.partial` older than ``staleAfter`` in `path`'s folder.
    static func clean(besides path: String, now: Date = Date()) {
        let manager = FileManager.default
        try? manager.removeItem(atPath: path + ".partial")
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? manager.currentDirectoryPath : folder
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? []
        where name.hasPrefix("airfit-export-") && name.hasSuffix(".partial") {
            let file = (directory as NSString).appendingPathComponent(name)
            guard let modified = (try? manager.attributesOfItem(atPath: file))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > staleAfter
            else { continue }
            try? manager.removeItem(atPath: file)
        }
    }
}

/// Writes export bytes to standard output.
final class StandardOutputSink: ByteSink {
    private(set) var bytesWritten: Int64 = 0
    func write(_ bytes: [UInt8]) throws {
        FileHandle.standardOutput.write(Data(bytes))
        bytesWritten += Int64(bytes.count)
    }
}

/// `airfit import`.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Restore a JSON export into an empty store (all or nothing).")

    @Argument(help: "A JSON archive written by `airfit export --format json`.")
    var file: String

    func run() async throws {
        let file = self.file
        let source: ArchiveFileSource
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= ArchiveLimits.maximumBytes else {
                throw CLI.fail(
                    CLIError(
                        "\(file) is larger than \(ArchiveLimits.maximumBytes / 1024 / 1024) MB, more than any AirFit export; nothing was imported."
                    ))
            }
            // Read through once to check it, keeping no records; the store reads it again batch by batch.
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw CLI.fail(
                    CLIError(
                        "\(file) is not a regular file (`airfit import` reads the file twice, so a pipe or folder will not do); nothing was imported."
                    ))
            }
            source = try ArchiveFileSource(path: file)
        } catch let exit as ExitCode {
            throw exit
        } catch let error as RepositoryError {
            throw CLI.fail(error)
        } catch {
            throw CLI.fail(CLIError("Could not read \(file)."))
        }
        let header = source.header
        try await CLI.withStore(logger: CLI.logger()) { context in
            if let existing = try await context.existingOwner(), existing.id != header.user.id {
                throw CLIError(
                    "This data directory already belongs to someone. Import into an empty one (set AIRFIT_DATA_DIR), or run `airfit delete-all-data --yes` first."
                )
            }
            try await context.store.importArchive(source)
            let counts = header.counts
            print(
                "Imported \(header.recordCount) records (\(counts.workouts) workouts, \(counts.foodEntries) meals, \(counts.dailyLogs) daily logs, \(counts.coachMessages) messages)."
            )
        }
    }
}

/// `airfit delete-all-data`.
struct DeleteAllDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-all-data",
        abstract:
            "Permanently delete everything in this installation: every person's data and keys, the accounts and their "
            + "sign-ins. This cannot be undone.")

    @Flag(help: "Confirm that everything should be deleted.")
    var yes = false

    func run() async throws {
        guard yes else {
            throw CLI.fail(
                CLIError(
                    "This permanently deletes everything: every person's data and keys, the accounts and their sign-ins. "
                        + "Run again with --yes to confirm."))
        }
        try await CLI.withStore(logger: CLI.logger()) { context in
            let counts = try await context.store.eraseInstallation()
            let total = counts.values.reduce(0, +)
            let accounts = counts["accounts"] ?? 0
            print(
                "Deleted \(total) rows, including \(accounts) account\(accounts == 1 ? "" : "s") and every sign-in. "
                    + "AirFit holds no data now; the next visit starts with account setup. The master key file stays in the data directory."
            )
        }
    }
}
