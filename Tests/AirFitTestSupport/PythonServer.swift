public import Foundation
import Testing

/// A test server written in Python (the SMTP server, the fake push service): started with the Python named by
/// `AIRFIT_TEST_PYTHON`, it prints `PORT <n>` first and runs until its standard input closes.
public final class PythonServer: @unchecked Sendable {
    /// The variable naming the tests' Python (a venv with the servers' packages).
    public static let pythonVariable = "AIRFIT_TEST_PYTHON"

    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    private let process: Process
    private let input: Pipe

    /// The tests' Python; without it a skipped case (saying what `what` needs), or a failed one under `CI=true`.
    /// - Parameters:
    ///   - what: the cases that need it, such as "SMTP server".
    ///   - packages: what the Python must have, such as "aiosmtpd".
    public static func python(
        for what: String, with packages: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        if let python = environment[pythonVariable], !python.isEmpty { return python }
        if environment["CI"] == "true" {
            throw PythonServerError(
                description: "\(pythonVariable) is not set, but CI=true requires the \(what) cases to run "
                    + "(scripts/test.sh exports it: a Python with \(packages)).")
        }
        try Test.cancel(
            Comment(
                rawValue: "\(what) case skipped: \(pythonVariable) is not set "
                    + "(export \(pythonVariable)=/path/to/.venv/bin/python, a Python with \(packages), to run it)."))
    }

    /// Starts `script` with `arguments` on a thread of its own: waiting for its port must not hold one of the few
    /// threads every test's tasks share (in the full parallel suite that starved other tests' timeouts).
    public static func start(python: String, script: URL, arguments: [String] = [], name: String) async throws -> PythonServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try PythonServer(python: python, script: script, arguments: arguments, name: name) })
            }
        }
    }

    private init(python: String, script: URL, arguments: [String], name: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path] + arguments
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The first line is "PORT <n>"; a server that dies first closes the pipe and gives an empty line.
        var line = Data()
        let handle = output.fileHandleForReading
        while let byte = try handle.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw PythonServerError(description: "the \(name) did not start (are its packages installed for \(python)?): \(text)")
        }
        self.port = port
    }

    /// Stops the server; waiting for it to exit (then `cleanup`) happens on a thread of its own.
    public func stop(then cleanup: @escaping @Sendable () -> Void = {}) {
        try? input.fileHandleForWriting.close()
        process.terminate()
        Thread.detachNewThread { [process] in
            process.waitUntilExit()
            cleanup()
        }
    }
}

/// A test server that could not be started: a setup problem that must fail a test rather than skip it.
public struct PythonServerError: Error, CustomStringConvertible {
    public let description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
}
