import AirFitAI
import ArgumentParser

/// Byte-limit options shared by the stream debugging commands.
struct StreamLimitOptions: ParsableArguments {
    @Option(help: "Largest line or event payload accepted, in bytes.")
    var maxEventBytes: Int = StreamLimits.default.maxEventBytes

    @Option(help: "Largest input accepted, in bytes.")
    var maxStreamBytes: Int = 1 << 30

    /// The limits to hand to the parsers.
    var streamLimits: StreamLimits {
        StreamLimits(maxEventBytes: maxEventBytes, maxStreamBytes: maxStreamBytes)
    }
}
