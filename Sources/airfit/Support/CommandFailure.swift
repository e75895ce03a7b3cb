import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a failure into one line on standard error and exit status 1.
enum CommandFailure {
    /// Runs `body`; on error writes `<command>: error: <description>` to standard error and exits 1.
    static func report(command: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            var standardError = StandardOutput(descriptor: STDERR_FILENO)
            standardError.writeLine("\(command): error: \(error)")
            standardError.flush()
            throw ExitCode.failure
        }
    }
}
