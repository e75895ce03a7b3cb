/// An incremental parser for `text/event-stream` bodies that follows the WHATWG EventSource rules.
///
/// Feed it bytes in chunks of any size; the result does not depend on where the chunks split
/// (a CR at the end of one chunk and an LF at the start of the next are one line break). Lines end in
/// CR, LF or CRLF; a UTF-8 BOM is removed once at the start of the stream; comments and unknown fields
/// are ignored; `data` lines are joined with `\n`; an event is dispatched only on a blank line, and an
/// event left unterminated at the end of the stream is discarded. The parser works on bytes and
/// copies each line at most once.
public struct SSEParser: Sendable {
    /// The limits enforced while parsing.
    public let limits: StreamLimits
    /// The reconnection time in milliseconds from the last valid `retry` field, if any.
    public private(set) var reconnectionTime: Int?

    private var pendingLine: [UInt8] = []
    private var data: [UInt8] = []
    private var dataLineCount = 0
    private var eventType: [UInt8] = []
    private var lastEventID: [UInt8]?
    private var skipLeadingLineFeed = false
    private var bomMatched = 0
    private var bomResolved = false
    private var totalBytes = 0

    /// Creates a parser.
    /// - Parameter limits: the byte limits to enforce.
    public init(limits: StreamLimits = .default) {
        self.limits = limits
    }

    /// Parses the next chunk of the stream.
    /// - Parameter bytes: the next bytes, split anywhere.
    /// - Returns: the events completed by this chunk, in order.
    /// - Throws: ``StreamParseError`` when a limit is exceeded; the parser must then be discarded.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(StreamParseError) -> [SSEEvent] {
        var collector = SSEEventCollector()
        try feed(bytes, into: &collector)
        return collector.events
    }

    /// Ends the stream. Any unterminated event is discarded, as the specification requires.
    /// - Returns: always empty; present so every parser in the module finishes the same way.
    public mutating func finish() -> [SSEEvent] {
        self = SSEParser(limits: limits)
        return []
    }

    /// Parses a chunk, handing each completed event to `sink`.
    mutating func feed<Sink: SSEEventSink>(
        _ bytes: some Collection<UInt8>,
        into sink: inout Sink
    ) throws(StreamParseError) {
        var failure: StreamParseError?
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(StreamParseError) { try feedBuffer(buffer, into: &sink) } catch { failure = error }
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { buffer in
                do throws(StreamParseError) { try feedBuffer(buffer, into: &sink) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    private mutating func feedBuffer<Sink: SSEEventSink>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        into sink: inout Sink
    ) throws(StreamParseError) {
        totalBytes += chunk.count
        guard totalBytes <= limits.maxStreamBytes else {
            throw .streamTooLarge(limit: limits.maxStreamBytes)
        }
        var start = 0
        if !bomResolved {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            while bomMatched < 3, start < chunk.count, chunk[start] == bom[bomMatched] {
                bomMatched += 1
                start += 1
            }
            if bomMatched == 3 {
                bomResolved = true
            } else if start < chunk.count {
                // Not a BOM after all: the bytes matched so far are ordinary content.
                bomResolved = true
                let prefix = Array(bom.prefix(bomMatched))
                var failure: StreamParseError?
                prefix.withUnsafeBufferPointer { buffer in
                    do throws(StreamParseError) { try scan(buffer, into: &sink) } catch { failure = error }
                }
                if let failure { throw failure }
            } else {
                return
            }
        }
        try scan(UnsafeBufferPointer(rebasing: chunk[start...]), into: &sink)
    }

    /// Splits `chunk` into lines, carrying an unterminated tail over to the next call.
    private mutating func scan<Sink: SSEEventSink>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        into sink: inout Sink
    ) throws(StreamParseError) {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        let end = chunk.count
        var position = 0
        if skipLeadingLineFeed {
            skipLeadingLineFeed = false
            if base[0] == ByteSearch.lineFeed { position = 1 }
        }
        // Next LF and next CR at or after `position`; `end` when there is none.
        var nextLF = -1
        var nextCR = -1
        while position < end {
            if nextLF < position { nextLF = ByteSearch.first(ByteSearch.lineFeed, in: base, from: position, to: end) }
            if nextCR < position {
                nextCR = ByteSearch.first(ByteSearch.carriageReturn, in: base, from: position, to: end)
            }
            let lineEnd = min(nextLF, nextCR)
            let segment = UnsafeBufferPointer(start: base + position, count: lineEnd - position)
            if lineEnd == end {
                try appendPending(segment)
                return
            }
            if pendingLine.isEmpty {
                try processLine(segment, into: &sink)
            } else {
                try appendPending(segment)
                try processPendingLine(into: &sink)
            }
            if base[lineEnd] == ByteSearch.carriageReturn {
                if lineEnd + 1 < end {
                    position = base[lineEnd + 1] == ByteSearch.lineFeed ? lineEnd + 2 : lineEnd + 1
                } else {
                    position = end
                    skipLeadingLineFeed = true
                }
            } else {
                position = lineEnd + 1
            }
        }
    }

    private mutating func appendPending(_ segment: UnsafeBufferPointer<UInt8>) throws(StreamParseError) {
        guard pendingLine.count + segment.count <= limits.maxEventBytes else {
            throw .eventTooLarge(limit: limits.maxEventBytes)
        }
        pendingLine.append(contentsOf: segment)
    }

    private mutating func processPendingLine<Sink: SSEEventSink>(into sink: inout Sink) throws(StreamParseError) {
        var line: [UInt8] = []
        swap(&line, &pendingLine)
        var failure: StreamParseError?
        line.withUnsafeBufferPointer { buffer in
            do throws(StreamParseError) { try processLine(buffer, into: &sink) } catch { failure = error }
        }
        line.removeAll(keepingCapacity: true)
        swap(&line, &pendingLine)
        if let failure { throw failure }
    }

    private mutating func processLine<Sink: SSEEventSink>(
        _ line: UnsafeBufferPointer<UInt8>,
        into sink: inout Sink
    ) throws(StreamParseError) {
        guard let base = line.baseAddress, !line.isEmpty else {
            dispatch(into: &sink)
            return
        }
        guard line.count <= limits.maxEventBytes else { throw .eventTooLarge(limit: limits.maxEventBytes) }
        if base[0] == ByteSearch.colon { return }
        let colon = ByteSearch.first(ByteSearch.colon, in: base, from: 0, to: line.count)
        let field = UnsafeBufferPointer(start: base, count: colon)
        var valueStart = min(colon + 1, line.count)
        if valueStart < line.count, base[valueStart] == ByteSearch.space { valueStart += 1 }
        let value = UnsafeBufferPointer(start: base + valueStart, count: line.count - valueStart)
        switch field.count {
        case 4 where ByteSearch.equals(field, "data"):
            if dataLineCount > 0 { data.append(ByteSearch.lineFeed) }
            data.append(contentsOf: value)
            dataLineCount += 1
            guard data.count <= limits.maxEventBytes else { throw .eventTooLarge(limit: limits.maxEventBytes) }
        case 5 where ByteSearch.equals(field, "event"):
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        case 2 where ByteSearch.equals(field, "id"):
            if !ByteSearch.contains(0, in: value) { lastEventID = Array(value) }
        case 5 where ByteSearch.equals(field, "retry"):
            if let milliseconds = Self.parseDigits(value) { reconnectionTime = milliseconds }
        default:
            break
        }
    }

    private mutating func dispatch<Sink: SSEEventSink>(into sink: inout Sink) {
        guard dataLineCount > 0 else {
            eventType.removeAll(keepingCapacity: true)
            return
        }
        let id = lastEventID
        data.withUnsafeBufferPointer { buffer in
            eventType.withUnsafeBufferPointer { type in
                sink.receive(SSEEventView(data: buffer, type: type, id: id))
            }
        }
        data.removeAll(keepingCapacity: true)
        dataLineCount = 0
        eventType.removeAll(keepingCapacity: true)
    }

    /// The value of an all-ASCII-digit field, or `nil` when it is empty, has another byte, or overflows.
    private static func parseDigits(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !value.isEmpty else { return nil }
        var result = 0
        for byte in value {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
            guard !overflow1, !overflow2 else { return nil }
            result = sum
        }
        return result
    }
}
