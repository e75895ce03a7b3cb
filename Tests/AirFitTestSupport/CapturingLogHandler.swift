public import Logging

/// Keeps every log line (message and metadata) so tests can check what would have been written.
public struct CapturingLogHandler: LogHandler {
    let lines: Locked<[String]>
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .trace

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.update { $0.append("\(event.level) \(event.message) \(all.map { "\($0.key)=\($0.value)" }.sorted())") }
    }

    /// A trace-level logger writing into `lines`.
    public static func logger(_ lines: Locked<[String]>) -> Logger {
        var logger = Logger(label: "capture") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .trace
        return logger
    }
}
