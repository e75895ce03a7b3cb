import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// `AirFitBench relay-load --url URL --model M [--key K] [--concurrency C] [--seconds S]`: streams chat completions
/// through an OpenAI-compatible endpoint from C parallel loops for S seconds and prints one JSON line: requests,
/// content tokens received, tokens per second, and time to the first content token (p50/p99, ms).
enum RelayLoad {
    static func run(_ arguments: [String]) async throws {
        guard let url = BenchArguments.value("--url", in: arguments) else { throw BenchError("--url is required") }
        let model = BenchArguments.value("--model", in: arguments) ?? "bench"
        let key = BenchArguments.value("--key", in: arguments) ?? "sk-bench"
        let concurrency = max(1, min(Int(BenchArguments.value("--concurrency", in: arguments) ?? "1") ?? 1, 1_000))
        let seconds = max(1, min(Double(BenchArguments.value("--seconds", in: arguments) ?? "10") ?? 10, 600))
        let body = #"{"model":"\#(model)","stream":true,"messages":[{"role":"user","content":"Count for me."}]}"#
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let deadline = Bench.now() + seconds
        let started = Bench.now()
        let results = await withTaskGroup(of: LoopResult.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var result = LoopResult()
                    while Bench.now() < deadline {
                        do {
                            try await stream(client: client, url: url, key: key, body: body, into: &result)
                        } catch {
                            result.failures += 1
                        }
                    }
                    return result
                }
            }
            var all = LoopResult()
            for await result in group { all.merge(result) }
            return all
        }
        let elapsed = Bench.now() - started
        try await client.shutdown()
        let sorted = results.firstTokenSeconds.sorted()
        let line: [String: Any] = [
            "concurrency": concurrency, "requests": results.requests, "failures": results.failures, "tokens": results.tokens,
            "seconds": elapsed, "tokensPerSecond": Double(results.tokens) / elapsed,
            "ttftP50Ms": sorted.isEmpty ? 0 : Bench.percentile(sorted, 0.5) * 1000,
            "ttftP99Ms": sorted.isEmpty ? 0 : Bench.percentile(sorted, 0.99) * 1000,
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
    }

    struct LoopResult {
        var requests = 0
        var failures = 0
        var tokens = 0
        var firstTokenSeconds: [Double] = []

        mutating func merge(_ other: LoopResult) {
            requests += other.requests
            failures += other.failures
            tokens += other.tokens
            firstTokenSeconds += other.firstTokenSeconds
        }
    }

    /// One streamed request: counts `"content":"…"` deltas that carry text, and the time to the first.
    static func stream(client: HTTPClient, url: String, key: String, body: String, into result: inout LoopResult) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.body = .bytes(ByteBuffer(string: body))
        let start = Bench.now()
        let response = try await client.execute(request, timeout: .seconds(60))
        guard response.status == .ok else {
            _ = try await response.body.collect(upTo: 1 << 20)
            throw BenchError("HTTP \(response.status.code)")
        }
        var tokens = 0
        var first: Double?
        var carry: [UInt8] = []
        for try await buffer in response.body {
            carry.append(contentsOf: buffer.readableBytesView)
            // Frames end with a blank line; count those whose delta carries text.
            while let end = frameEnd(carry) {
                let frame = carry[..<end]
                if contains(frame, contentMarker) && !contains(frame, emptyContent) {
                    tokens += 1
                    if first == nil { first = Bench.now() - start }
                }
                carry.removeFirst(end + 2)
            }
        }
        result.requests += 1
        result.tokens += tokens
        if let first { result.firstTokenSeconds.append(first) }
    }

    static let contentMarker = Array(#""content":""#.utf8)
    static let emptyContent = Array(#""content":"""#.utf8)

    static func frameEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 10 && bytes[index + 1] == 10 { return index }
        return nil
    }

    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// A benchmark that could not run, with why.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
