import Foundation
import PackagePlugin

/// Generates a target's GraphQL types at build time.
///
/// The plugin looks for a `graphql-codegen.json` in the target's folder (usually next to its `.graphql` files),
/// and adds one build command that runs `graphql-codegen-tool` on it. The command's inputs are the configuration,
/// the schema files and the operation files it names, so the types are regenerated when any of them changes; its
/// output is one file, `<Target>.generated.swift`, in the plugin's work folder, compiled with the target.
///
/// ```swift
/// .target(name: "LotteryAPI", dependencies: ["GraphQLBridge"], exclude: ["graphql"],
///         plugins: ["GraphQLCodegenPlugin"])
/// ```
@main
struct GraphQLCodegenPlugin: BuildToolPlugin {
    /// The name of the configuration file the plugin looks for.
    static let configurationFileName = "graphql-codegen.json"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let sourceFiles = (target as? SourceModuleTarget)?.sourceFiles.map(\.url) ?? []
        let configuration = try CodegenInputs.findConfiguration(
            targetName: target.name, directory: Self.directory(of: target, sourceFiles: sourceFiles),
            sourceFiles: sourceFiles)
        let inputs = try CodegenInputs.read(configuration: configuration)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name).generated.swift")
        let tool = try context.tool(named: "graphql-codegen-tool")
        return [
            .buildCommand(
                displayName: "Generating GraphQL types for \(target.name) from \(configuration.lastPathComponent)",
                executable: tool.url,
                arguments: ["--config", configuration.path, "--output-file", output.path],
                inputFiles: [configuration] + inputs,
                outputFiles: [output])
        ]
    }
}

extension GraphQLCodegenPlugin {
    /// The target's folder. Tools version 6.0's only API for it, `Target.directory`, is deprecated in favour of
    /// `directoryURL`, which arrives with tools version 6.1; the URL is read from the target's stored properties,
    /// falling back to the folder that holds all of its source files.
    static func directory(of target: Target, sourceFiles: [URL]) -> URL? {
        if let url = Mirror(reflecting: target).descendant("directoryURL") as? URL { return url }
        let folders = sourceFiles.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents }
        guard var common = folders.first else { return nil }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty
            ? nil : URL(fileURLWithPath: common.joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
    }
}
