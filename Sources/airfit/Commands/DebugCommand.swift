import ArgumentParser

/// Developer tools: stream parsing and decoding (see ../shared/conformance/README.md for the contract).
struct DebugCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract: "Developer tools for inspecting provider streams."
    )
}
