import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a secret from a no-echo terminal prompt, or from standard input when it is not a terminal.
/// Secrets are never accepted as command-line arguments, where `ps` and shell history would see them.
enum SecretInput {
    static func read(prompt: String) throws -> String {
        if isatty(STDIN_FILENO) == 1 {
            FileHandle.standardError.write(Data(prompt.utf8))
            var original = termios()
            tcgetattr(STDIN_FILENO, &original)
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
            defer {
                tcsetattr(STDIN_FILENO, TCSANOW, &original)
                FileHandle.standardError.write(Data("\n".utf8))
            }
            guard let line = readLine(strippingNewline: true) else { throw CLIError("No key was entered.") }
            return try validated(line)
        }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard data.count <= 64 * 1024 else { throw CLIError("The key read from standard input is too long.") }
        return try validated(String(decoding: data, as: UTF8.self))
    }

    private static func validated(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CLIError("No key was given: type it at the prompt or pipe it on standard input.") }
        guard !trimmed.contains(where: { $0.isNewline || $0 == " " }) else {
            throw CLIError("The key contains spaces or several lines; paste exactly one key.")
        }
        return trimmed
    }
}
