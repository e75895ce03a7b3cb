import Foundation
import PackagePlugin

/// Embeds the target's `Templates/*.mustache` and `Assets/*` files into a generated Swift file at build time
/// (see the FileEmbedder tool), so the binary serves every page from wherever it is copied.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = target.directoryURL.appending(path: "Templates")
        let assets = target.directoryURL.appending(path: "Assets")
        var inputs: [URL] = []
        for folder in [templates, assets] {
            guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in enumerator where !url.hasDirectoryPath { inputs.append(url) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) templates and assets of \(target.name)",
                executable: try context.tool(named: "FileEmbedder").url,
                arguments: [output.path, "templates", templates.path, "assets", assets.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output])
        ]
    }
}
