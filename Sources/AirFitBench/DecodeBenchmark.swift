import AirFitAI
import Foundation

/// `AirFitBench decode --provider <p> FILE [--repeat N]`: decoding throughput of the app's own
/// SSE/NDJSON parser plus provider decoder.
///
/// The file is read into memory first; only decoding is timed, feeding 16 KiB chunks as a socket
/// would. Prints `decode: <N> MB/s, <events> events` for the best of the runs (1 MB = 10^6 bytes).
enum DecodeBenchmark {
    static let chunkSize = 16 * 1024

    static func run(_ args: [String]) throws {
        var provider: AIProviderID?
        var path: String?
        var repeats = 3
        var iterator = args.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--provider": provider = iterator.next().flatMap(AIProviderID.init(rawValue:))
            case "--repeat": repeats = iterator.next().flatMap(Int.init) ?? repeats
            default: path = argument
            }
        }
        guard let provider, let path else {
            throw BenchUsageError(
                "usage: AirFitBench decode --provider <openai|anthropic|gemini|openrouter|ollama|custom> FILE [--repeat N]"
            )
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var best = Double.infinity
        var eventCount = 0
        for _ in 0..<max(1, repeats) {
            let clock = ContinuousClock()
            let start = clock.now
            eventCount = try decode(bytes, provider: provider)
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            best = min(best, seconds)
        }
        let megabytesPerSecond = Double(bytes.count) / 1e6 / best
        print(String(format: "decode: %.1f MB/s, %d events", megabytesPerSecond, eventCount))
    }

    /// Decodes `bytes` in 16 KiB chunks and returns the number of events produced.
    static func decode(_ bytes: [UInt8], provider: AIProviderID) throws -> Int {
        let limits = StreamLimits(maxEventBytes: StreamLimits.default.maxEventBytes, maxStreamBytes: .max)
        var decoder = provider.makeStreamDecoder(limits: limits)
        var count = 0
        try bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let end = min(offset + chunkSize, buffer.count)
                count += try decoder.decode(UnsafeBufferPointer(rebasing: buffer[offset..<end])).count
                offset = end
            }
        }
        count += decoder.finish().count
        return count
    }
}

/// A benchmark was called with the wrong arguments.
struct BenchUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
