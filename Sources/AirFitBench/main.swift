import Foundation

// AirFitBench: release-built benchmarks that print figures.
// Usage: AirFitBench <vault [ops]|export [scale]|decode|generate|upstream|relay-load> [options]
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    print("usage: AirFitBench <vault [ops]|export [scale]|decode|generate|upstream|relay-load> [options]")
    exit(2)
}
let rest = Array(arguments.dropFirst())
do {
    switch name {
    case "vault": try await StoreBenchmarks.vault(rest)
    case "export": try await StoreBenchmarks.export(rest)
    case "decode": try DecodeBenchmark.run(rest)
    case "generate": try StreamGenerator.run(rest)
    case "upstream": try await RelayUpstream.run(rest)
    case "relay-load": try await RelayLoad.run(rest)
    default:
        print("unknown benchmark: \(name)")
        exit(2)
    }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
