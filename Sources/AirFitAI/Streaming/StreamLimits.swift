/// Byte limits that keep a misbehaving or hostile stream from exhausting memory.
///
/// Both parsers (``SSEParser`` and ``NDJSONParser``) and every provider decoder enforce them while
/// reading; exceeding one throws ``StreamParseError``.
public struct StreamLimits: Sendable, Hashable {
    /// Largest single line, and largest joined `data` of one event, in bytes.
    public var maxEventBytes: Int
    /// Largest total number of bytes fed to one parser.
    public var maxStreamBytes: Int

    /// Creates limits.
    /// - Parameters:
    ///   - maxEventBytes: largest line or event payload, in bytes.
    ///   - maxStreamBytes: largest whole stream, in bytes.
    public init(maxEventBytes: Int, maxStreamBytes: Int) {
        self.maxEventBytes = maxEventBytes
        self.maxStreamBytes = maxStreamBytes
    }

    /// 8 MiB per event, 256 MiB per stream: far above any real completion, far below the machine.
    public static let `default` = StreamLimits(maxEventBytes: 8 << 20, maxStreamBytes: 256 << 20)
}

/// Why a stream could not be parsed. Only limits are fatal: malformed content is skipped, never thrown.
public enum StreamParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line or one event's data grew past ``StreamLimits/maxEventBytes``.
    case eventTooLarge(limit: Int)
    /// The stream grew past ``StreamLimits/maxStreamBytes``.
    case streamTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .eventTooLarge(let limit):
            "stream event larger than the \(limit)-byte limit"
        case .streamTooLarge(let limit):
            "stream larger than the \(limit)-byte limit"
        }
    }
}
