import AirFitStore
import ArgumentParser
import Foundation
import Logging

/// Shared plumbing for commands: logging, storage, one-line errors.
enum CLI {
    /// A logger writing to stderr at `AIRFIT_LOG_LEVEL` (default: `info` for serve, `warning` otherwise).
    static func logger(label: String = "airfit", defaultLevel: Logger.Level = .warning) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        let configured = ProcessInfo.processInfo.environment["AIRFIT_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) }
        logger.logLevel = configured ?? defaultLevel
        return logger
    }

    /// Opens storage, runs `body`, closes storage; any error becomes one line on stderr and exit code 1.
    static func withStore<T>(logger: Logger, _ body: (StoreContext) async throws -> T) async throws -> T {
        let context: StoreContext
        do {
            context = try await StoreContext.open(logger: logger)
        } catch {
            throw fail(error)
        }
        do {
            let result = try await body(context)
            await context.shutdown()
            return result
        } catch {
            await context.shutdown()
            throw fail(error)
        }
    }

    /// Prints `error: <message>` to stderr and returns the exit code to throw.
    static func fail(_ error: any Error) -> any Error {
        if error is ExitCode || error is CleanExit { return error }
        let message = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        printError("error: \(message)")
        return ExitCode.failure
    }

    /// Writes a line to stderr.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A usage problem with a message for the person at the terminal.
struct CLIError: Error, LocalizedError {
    let message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }
}
