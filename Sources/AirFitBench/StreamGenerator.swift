import Foundation

/// `AirFitBench generate --provider <openai|anthropic> --size-mb N -o FILE`: writes a large,
/// realistic synthetic response body.
///
/// The stream is what the real APIs send for a long answer: thousands of small text deltas (with
/// escapes, non-ASCII text and emoji), interleaved every so often with fragmented, parallel tool
/// calls, then the finish reason and usage. Output is deterministic (fixed seed). 1 MB = 2^20 bytes.
enum StreamGenerator {
    static func run(_ args: [String]) throws {
        var provider: String?
        var sizeMB: Int?
        var output: String?
        var iterator = args.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--provider": provider = iterator.next()
            case "--size-mb": sizeMB = iterator.next().flatMap(Int.init)
            case "-o", "--output": output = iterator.next()
            default: throw BenchUsageError("unexpected argument: \(argument)")
            }
        }
        guard let provider, let sizeMB, sizeMB > 0, let output else {
            throw BenchUsageError("usage: AirFitBench generate --provider <openai|anthropic> --size-mb N -o FILE")
        }
        var writer: any SyntheticStreamWriter
        switch provider {
        case "openai": writer = OpenAISyntheticStream()
        case "anthropic": writer = AnthropicSyntheticStream()
        default: throw BenchUsageError("generate supports --provider openai or anthropic, not \(provider)")
        }
        var random = SplitMix64(seed: 0xA1F1_7000)
        var body: [UInt8] = []
        let target = sizeMB << 20
        body.reserveCapacity(target + (1 << 16))
        writer.writeStart(into: &body)
        var turn = 0
        while body.count < target {
            for _ in 0..<Int.random(in: 80...400, using: &random) {
                writer.writeText(SyntheticText.token(using: &random), into: &body)
            }
            let parallel = Int.random(in: 1...3, using: &random)
            let calls = (0..<parallel).map { _ in SyntheticText.toolCall(using: &random) }
            writer.writeToolCalls(calls, turn: turn, using: &random, into: &body)
            turn += 1
        }
        writer.writeEnd(into: &body)
        try Data(body).write(to: URL(fileURLWithPath: output))
        print("generate: wrote \(body.count) bytes of \(provider) stream to \(output)")
    }
}

/// Emits one provider's wire format.
protocol SyntheticStreamWriter {
    mutating func writeStart(into body: inout [UInt8])
    mutating func writeText(_ text: String, into body: inout [UInt8])
    mutating func writeToolCalls(
        _ calls: [(name: String, arguments: String)], turn: Int, using random: inout SplitMix64,
        into body: inout [UInt8])
    mutating func writeEnd(into body: inout [UInt8])
}

/// A small, fast, deterministic generator.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
