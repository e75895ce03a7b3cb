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
        var bestWall = Double.infinity
        var bestCPU = Double.infinity
        var eventCount = 0
        for _ in 0..<max(1, repeats) {
            let clock = ContinuousClock()
            let start = clock.now
            let cpuStart = threadCPUSeconds()
            eventCount = try decode(bytes, provider: provider)
            bestCPU = min(bestCPU, threadCPUSeconds() - cpuStart)
            let elapsed = clock.now - start
            bestWall = min(
                bestWall, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        let megabytes = Double(bytes.count) / 1e6
        print(String(format: "decode: %.1f MB/s, %d events", megabytes / bestWall, eventCount))
        // Wall-clock time includes waiting for a core when other jobs share the machine; CPU time does not.
        print(String(format: "cpu: %.1f MB/s (thread CPU time, best of %d)", megabytes / bestCPU, max(1, repeats)))
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

/// CPU time consumed by the calling thread, in seconds.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// A benchmark was called with the wrong arguments.
struct BenchUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
