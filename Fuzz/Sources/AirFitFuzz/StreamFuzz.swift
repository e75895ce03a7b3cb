import AirFitAI

/// `SSEParser`: no crash on any bytes; the events never depend on how the body is split (its documented
/// contract); limits stop every split alike.
enum SSEFuzz {
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard let (seed, body) = splitFirstByte(input) else { return }
        // The body in one chunk, then split anywhere: same events, same reconnection time.
        let whole = parse(body, limits: .default, seed: nil)
        let split = parse(body, limits: .default, seed: seed)
        guard case .success(let wholeResult) = whole, case .success(let splitResult) = split else {
            return check(false, "the default limits threw on a \(body.count)-byte body: \(whole) / \(split)")
        }
        check(wholeResult.events == splitResult.events, "events depend on the split: \(wholeResult.events) vs \(splitResult.events)")
        check(
            wholeResult.retry == splitResult.retry, "retry depends on the split: \(wholeResult.retry as Any) vs \(splitResult.retry as Any)"
        )
        // Tight limits: whether a limit is hit does not depend on the split either.
        let tight = tightLimits(seed: seed, bodyCount: body.count)
        let tightWhole = parse(body, limits: tight, seed: nil)
        let tightSplit = parse(body, limits: tight, seed: seed)
        check(tightWhole.threw == tightSplit.threw, "limit \(tight) hit for one split only: \(tightWhole) / \(tightSplit)")
        if case .success(let a) = tightWhole, case .success(let b) = tightSplit {
            check(a.events == b.events, "events under limits depend on the split")
        }
    }

    struct Parsed: Equatable {
        var events: [SSEEvent]
        var retry: Int?
    }

    static func parse(_ body: UnsafeBufferPointer<UInt8>, limits: StreamLimits, seed: UInt8?) -> Result<Parsed, StreamParseError> {
        var parser = SSEParser(limits: limits)
        var events: [SSEEvent] = []
        do throws(StreamParseError) {
            if let seed {
                var chunking = Chunking(seed: seed, length: body.count)
                try chunking.forEachChunk(of: body) { chunk throws(StreamParseError) in
                    switch chunk {
                    case .array(let bytes): events += try parser.feed(bytes)
                    case .lazy(let bytes): events += try parser.feed(bytes)
                    }
                }
            } else {
                events += try parser.feed(Array(body))
            }
        } catch {
            return .failure(error)
        }
        let retry = parser.reconnectionTime
        events += parser.finish()
        return .success(Parsed(events: events, retry: retry))
    }
}

/// `NDJSONParser`: no crash; the lines never depend on the split; limits stop every split alike.
enum NDJSONFuzz {
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard let (seed, body) = splitFirstByte(input) else { return }
        let whole = parse(body, limits: .default, seed: nil)
        let split = parse(body, limits: .default, seed: seed)
        guard case .success(let wholeLines) = whole, case .success(let splitLines) = split else {
            return check(false, "the default limits threw on a \(body.count)-byte body: \(whole) / \(split)")
        }
        check(wholeLines == splitLines, "lines depend on the split: \(wholeLines) vs \(splitLines)")
        for line in wholeLines {
            check(
                !line.isEmpty && line.utf8.first != 0x20 && line.utf8.last != 0x0D,
                "a blank or untrimmed line came out: \(line.debugDescription)")
        }
        let tight = tightLimits(seed: seed, bodyCount: body.count)
        let tightWhole = parse(body, limits: tight, seed: nil)
        let tightSplit = parse(body, limits: tight, seed: seed)
        check(tightWhole.threw == tightSplit.threw, "limit \(tight) hit for one split only: \(tightWhole) / \(tightSplit)")
        if case .success(let a) = tightWhole, case .success(let b) = tightSplit { check(a == b, "lines under limits depend on the split") }
    }

    static func parse(_ body: UnsafeBufferPointer<UInt8>, limits: StreamLimits, seed: UInt8?) -> Result<[String], StreamParseError> {
        var parser = NDJSONParser(limits: limits)
        var lines: [String] = []
        do throws(StreamParseError) {
            if let seed {
                var chunking = Chunking(seed: seed, length: body.count)
                try chunking.forEachChunk(of: body) { chunk throws(StreamParseError) in
                    switch chunk {
                    case .array(let bytes): lines += try parser.feed(bytes)
                    case .lazy(let bytes): lines += try parser.feed(bytes)
                    }
                }
            } else {
                lines += try parser.feed(Array(body))
            }
        } catch {
            return .failure(error)
        }
        lines += parser.finish()
        return .success(lines)
    }
}

/// Every provider's decoder fed the way `AIClient` and `airfit debug decode` feed it: chunks as they come, then
/// `finish()`, the events folded into a `StreamSummary` and printed as JSON.
enum DecoderFuzz {
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard let (selector, rest) = splitFirstByte(input), let (seed, body) = splitFirstByte(rest) else { return }
        let provider = AIProviderID.allCases[Int(selector) % AIProviderID.allCases.count]
        let whole = decode(body, provider: provider, limits: .default, seed: nil)
        let split = decode(body, provider: provider, limits: .default, seed: seed)
        guard case .success(let events) = whole, case .success(let splitEvents) = split else {
            return check(false, "\(provider): the default limits threw on a \(body.count)-byte body: \(whole) / \(split)")
        }
        check(events == splitEvents, "\(provider): events depend on the split:\n\(events)\nvs\n\(splitEvents)")
        checkContract(events, provider: provider)
        trace("\(provider): \(events.count) events")

        // What `airfit debug decode` prints and the coach stores.
        let summary = StreamSummary(events: events)
        let json = summary.encodedJSON()
        check((try? AIJSON(parsing: json)) != nil, "\(provider): the summary is not valid JSON: \(json)")
        _ = summary.assistantMessage

        let tight = tightLimits(seed: seed, bodyCount: body.count)
        let tightWhole = decode(body, provider: provider, limits: tight, seed: nil)
        let tightSplit = decode(body, provider: provider, limits: tight, seed: seed)
        check(tightWhole.threw == tightSplit.threw, "\(provider): limit \(tight) hit for one split only")
        if case .success(let a) = tightWhole, case .success(let b) = tightSplit {
            check(a == b, "\(provider): events under limits depend on the split")
        }
    }

    static func decode(
        _ body: UnsafeBufferPointer<UInt8>, provider: AIProviderID, limits: StreamLimits, seed: UInt8?
    ) -> Result<[StreamEvent], StreamParseError> {
        var decoder = provider.makeStreamDecoder(limits: limits)
        var events: [StreamEvent] = []
        do throws(StreamParseError) {
            if let seed {
                var chunking = Chunking(seed: seed, length: body.count)
                try chunking.forEachChunk(of: body) { chunk throws(StreamParseError) in
                    switch chunk {
                    case .array(let bytes): events += try decoder.decode(bytes)
                    case .lazy(let bytes): events += try decoder.decode(bytes)
                    }
                }
            } else {
                events += try decoder.decode(Array(body))
            }
        } catch {
            return .failure(error)
        }
        events += decoder.finish()
        return .success(events)
    }

    /// The rules `ProviderStreamDecoder` documents: every tool call ends with `toolCallComplete` (at the latest
    /// from `finish()`), and an in-stream error is followed by `finish(.error)`. Only the first error must be: every
    /// decoder finishes a stream with `error` once and passes later errors on without a second finish, and
    /// `StreamSummary` keeps the first.
    static func checkContract(_ events: [StreamEvent], provider: AIProviderID) {
        var lastToolEvent: [Int: StreamEvent] = [:]
        var sawError = false
        for (position, event) in events.enumerated() {
            switch event {
            case .toolCallStart(let index, _, _), .toolCallArgumentsDelta(let index, _), .toolCallComplete(let index, _, _, _):
                lastToolEvent[index] = event
            case .error where !sawError:
                sawError = true
                let finished = events[(position + 1)...].contains { $0 == .finish(.error) }
                check(finished, "\(provider): the first error event has no later finish(error): \(events)")
            default:
                break
            }
        }
        for (index, event) in lastToolEvent {
            guard case .toolCallComplete = event else {
                return check(false, "\(provider): tool call \(index) never completed: \(events)")
            }
        }
    }
}

/// Small limits the fuzzer controls through the seed byte; the stream limit is hit for half the seeds.
func tightLimits(seed: UInt8, bodyCount: Int) -> StreamLimits {
    StreamLimits(maxEventBytes: Int(seed % 61) + 1, maxStreamBytes: seed & 0x80 != 0 ? bodyCount / 2 : bodyCount)
}

extension Result {
    var threw: Bool {
        if case .failure = self { return true }
        return false
    }
}
