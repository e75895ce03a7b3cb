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
    public internal(set) var reconnectionTime: Int?

    private var pendingLine: [UInt8] = []
    // Field state, shared with SSEParser+Fields.swift.
    var data: [UInt8] = []
    var dataLineCount = 0
    var eventType: [UInt8] = []
    var lastEventID: [UInt8]?
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
    ///
    /// Lines that lie wholly inside `chunk` are not copied: a single-line event's data and its type
    /// are borrowed from the chunk and only copied when the event is still open at the chunk's end.
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
        var borrowed = BorrowedFields()
        defer { keep(borrowed) }
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
                try processLine(segment, borrowing: &borrowed, into: &sink)
            } else {
                try appendPending(segment)
                try processPendingLine(borrowing: &borrowed, into: &sink)
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

    private mutating func processPendingLine<Sink: SSEEventSink>(
        borrowing borrowed: inout BorrowedFields,
        into sink: inout Sink
    ) throws(StreamParseError) {
        var line: [UInt8] = []
        swap(&line, &pendingLine)
        // The line lives in a scratch array, so nothing may be borrowed from it.
        keep(borrowed)
        borrowed = BorrowedFields(isEnabled: false)
        var failure: StreamParseError?
        line.withUnsafeBufferPointer { buffer in
            do throws(StreamParseError) {
                try processLine(buffer, borrowing: &borrowed, into: &sink)
            } catch { failure = error }
        }
        borrowed = BorrowedFields()
        line.removeAll(keepingCapacity: true)
        swap(&line, &pendingLine)
        if let failure { throw failure }
    }
}
