import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, one line at a time, from a terminal or a pipe.
///
/// Reading blocks, so it happens on a queue of its own rather than on the cooperative thread pool that the
/// database and the AI client share.
struct LineInput: Sendable {
    private static let queue = DispatchQueue(label: "airfit.stdin")

    /// Whether a person is typing (a terminal) rather than a pipe or file feeding the lines.
    let isTerminal: Bool

    /// Reads from standard input.
    init() {
        isTerminal = isatty(STDIN_FILENO) == 1
    }

    /// The next line without its line ending (`\n` or `\r\n`), or `nil` at the end of input.
    func nextLine() async -> String? {
        await withCheckedContinuation { continuation in
            Self.queue.async {
                var line = readLine(strippingNewline: true)
                if line?.hasSuffix("\r") == true { line?.removeLast() }
                continuation.resume(returning: line)
            }
        }
    }
}

/// Writing to standard output with `print`, flushed where a person must see it before the program waits.
enum Console {
    /// Writes `text` with no line ending and flushes, so a prompt or a streamed token shows at once.
    static func write(_ text: String) {
        print(text, terminator: "")
        flush()
    }

    /// Flushes standard output (before reading input or writing to standard error, so lines keep their order).
    static func flush() {
        fflush(nil)
    }
}
