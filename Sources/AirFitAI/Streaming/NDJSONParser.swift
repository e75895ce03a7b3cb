/// Receives lines from ``NDJSONParser`` without allocating per line.
protocol NDJSONLineSink {
    /// Called with one non-blank line (no line terminator); valid only during the call.
    mutating func receive(line: UnsafeBufferPointer<UInt8>)
}

/// Collects lines as strings for the public ``NDJSONParser/feed(_:)`` API.
struct NDJSONLineCollector: NDJSONLineSink {
    var lines: [String] = []

    mutating func receive(line: UnsafeBufferPointer<UInt8>) {
        lines.append(String(decoding: line, as: UTF8.self))
    }
}

/// An incremental splitter for newline-delimited JSON (`application/x-ndjson`) bodies.
///
/// Lines end in LF; a CR before the LF is dropped; blank lines are skipped; a last line without a
/// newline is delivered by ``finish()``. Chunks may split anywhere.
public struct NDJSONParser: Sendable {
    /// The limits enforced while parsing.
    public let limits: StreamLimits

    private var pendingLine: [UInt8] = []
    private var totalBytes = 0

    /// Creates a parser.
    /// - Parameter limits: the byte limits to enforce.
    public init(limits: StreamLimits = .default) {
        self.limits = limits
    }

    /// Splits the next chunk of the stream.
    /// - Parameter bytes: the next bytes, split anywhere.
    /// - Returns: the non-blank lines completed by this chunk, without terminators.
    /// - Throws: ``StreamParseError`` when a limit is exceeded; the parser must then be discarded.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(StreamParseError) -> [String] {
        var collector = NDJSONLineCollector()
        try feed(bytes, into: &collector)
        return collector.lines
    }

    /// Ends the stream.
    /// - Returns: the last line when the stream did not end with a newline.
    public mutating func finish() -> [String] {
        var collector = NDJSONLineCollector()
        finish(into: &collector)
        return collector.lines
    }

    /// Splits a chunk, handing each completed line to `sink`.
    mutating func feed<Sink: NDJSONLineSink>(
        _ bytes: some Collection<UInt8>,
        into sink: inout Sink
    ) throws(StreamParseError) {
        var failure: StreamParseError?
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(StreamParseError) { try scan(buffer, into: &sink) } catch { failure = error }
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { buffer in
                do throws(StreamParseError) { try scan(buffer, into: &sink) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Delivers a final unterminated line, then resets the parser.
    mutating func finish<Sink: NDJSONLineSink>(into sink: inout Sink) {
        let line = pendingLine
        line.withUnsafeBufferPointer { Self.deliver($0, to: &sink) }
        self = NDJSONParser(limits: limits)
    }

    private mutating func scan<Sink: NDJSONLineSink>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        into sink: inout Sink
    ) throws(StreamParseError) {
        totalBytes += chunk.count
        guard totalBytes <= limits.maxStreamBytes else { throw .streamTooLarge(limit: limits.maxStreamBytes) }
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        var position = 0
        while position < chunk.count {
            let lineEnd = ByteSearch.first(ByteSearch.lineFeed, in: base, from: position, to: chunk.count)
            let segment = UnsafeBufferPointer(start: base + position, count: lineEnd - position)
            guard pendingLine.count + segment.count <= limits.maxEventBytes else {
                throw .eventTooLarge(limit: limits.maxEventBytes)
            }
            if lineEnd == chunk.count {
                pendingLine.append(contentsOf: segment)
                return
            }
            if pendingLine.isEmpty {
                Self.deliver(segment, to: &sink)
            } else {
                pendingLine.append(contentsOf: segment)
                var line: [UInt8] = []
                swap(&line, &pendingLine)
                line.withUnsafeBufferPointer { Self.deliver($0, to: &sink) }
                line.removeAll(keepingCapacity: true)
                swap(&line, &pendingLine)
            }
            position = lineEnd + 1
        }
    }

    /// Trims a trailing CR and surrounding blanks; skips lines that are then empty.
    private static func deliver<Sink: NDJSONLineSink>(_ line: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
        var lower = 0
        var upper = line.count
        while lower < upper, isBlank(line[lower]) { lower += 1 }
        while upper > lower, isBlank(line[upper - 1]) { upper -= 1 }
        guard lower < upper else { return }
        sink.receive(line: UnsafeBufferPointer(rebasing: line[lower..<upper]))
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
