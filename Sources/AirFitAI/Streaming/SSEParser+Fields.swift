/// Field values of the open event that still point into the chunk being scanned.
struct BorrowedFields {
    /// Whether values may be borrowed (false while processing a line assembled in a scratch buffer).
    var isEnabled = true
    /// The data of the open event, when it is a single line inside the chunk.
    var data: UnsafeBufferPointer<UInt8>?
    /// The type of the open event, when its `event` line is inside the chunk.
    var type: UnsafeBufferPointer<UInt8>?
}

extension SSEParser {
    /// Interprets one line (without its terminator) per the WHATWG field rules.
    mutating func processLine<Sink: SSEEventSink>(
        _ line: UnsafeBufferPointer<UInt8>,
        borrowing borrowed: inout BorrowedFields,
        into sink: inout Sink
    ) throws(StreamParseError) {
        guard let base = line.baseAddress, !line.isEmpty else {
            dispatch(borrowing: &borrowed, into: &sink)
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
            try appendData(value, borrowing: &borrowed)
        case 5 where ByteSearch.equals(field, "event"):
            if borrowed.isEnabled {
                borrowed.type = value
            } else {
                borrowed.type = nil
                eventType.removeAll(keepingCapacity: true)
                eventType.append(contentsOf: value)
            }
        case 2 where ByteSearch.equals(field, "id"):
            if !ByteSearch.contains(0, in: value) { lastEventID = Array(value) }
        case 5 where ByteSearch.equals(field, "retry"):
            if let milliseconds = Self.parseDigits(value) { reconnectionTime = milliseconds }
        default:
            break
        }
    }

    /// Copies borrowed values into owned storage before the chunk they point into goes away.
    mutating func keep(_ borrowed: BorrowedFields) {
        if let value = borrowed.data { data.append(contentsOf: value) }
        if let value = borrowed.type {
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        }
    }

    private mutating func appendData(
        _ value: UnsafeBufferPointer<UInt8>,
        borrowing borrowed: inout BorrowedFields
    ) throws(StreamParseError) {
        if dataLineCount == 0, borrowed.isEnabled, data.isEmpty {
            borrowed.data = value
        } else {
            if let first = borrowed.data {
                data.append(contentsOf: first)
                borrowed.data = nil
            }
            if dataLineCount > 0 { data.append(ByteSearch.lineFeed) }
            data.append(contentsOf: value)
        }
        dataLineCount += 1
        guard data.count + (borrowed.data?.count ?? 0) <= limits.maxEventBytes else {
            throw .eventTooLarge(limit: limits.maxEventBytes)
        }
    }

    private mutating func dispatch<Sink: SSEEventSink>(borrowing borrowed: inout BorrowedFields, into sink: inout Sink) {
        defer {
            borrowed.type = nil
            if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
        }
        guard dataLineCount > 0 else { return }
        let id = lastEventID
        let type = borrowed.type
        if let value = borrowed.data {
            withEventType(type) { sink.receive(SSEEventView(data: value, type: $0, id: id)) }
            borrowed.data = nil
        } else {
            data.withUnsafeBufferPointer { value in
                withEventType(type) { sink.receive(SSEEventView(data: value, type: $0, id: id)) }
            }
            data.removeAll(keepingCapacity: true)
        }
        dataLineCount = 0
    }

    private func withEventType(
        _ borrowedType: UnsafeBufferPointer<UInt8>?, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        if let borrowedType {
            body(borrowedType)
        } else {
            eventType.withUnsafeBufferPointer(body)
        }
    }

    /// The value of an all-ASCII-digit field, or `nil` when it is empty, has another byte, or overflows.
    static func parseDigits(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
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
