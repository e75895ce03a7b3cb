import Foundation

// AirFitBench: release-built benchmarks that print figures.
// Usage: AirFitBench <vault|export|decode|generate> [options]
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    print("usage: AirFitBench <vault|export|decode|generate> [options]")
    exit(2)
}
switch name {
case "decode": try DecodeBenchmark.run(Array(arguments.dropFirst()))
case "generate": try StreamGenerator.run(Array(arguments.dropFirst()))
default:
    print("unknown benchmark: \(name)")
    exit(2)
}
