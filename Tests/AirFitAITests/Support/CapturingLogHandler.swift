import Logging

/// Keeps every log line (message and metadata) so tests can check what would have been written.
struct CapturingLogHandler: LogHandler {
    let lines: Locked<[String]>
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.update { $0.append("\(event.level) \(event.message) \(all.map { "\($0.key)=\($0.value)" }.sorted())") }
    }

    /// A trace-level logger writing into `lines`.
    static func logger(_ lines: Locked<[String]>) -> Logger {
        var logger = Logger(label: "capture") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .trace
        return logger
    }
}
