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
            targetName: target.name, directory: URL(fileURLWithPath: target.directory.string), sourceFiles: sourceFiles)
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

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension GraphQLCodegenPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let files = target.inputFiles.map(\.url)
            let configuration = try CodegenInputs.findConfiguration(
                targetName: target.displayName, directory: nil, sourceFiles: files)
            let inputs = try CodegenInputs.read(configuration: configuration)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.displayName).generated.swift")
            let tool = try context.tool(named: "graphql-codegen-tool")
            return [
                .buildCommand(
                    displayName: "Generating GraphQL types for \(target.displayName)",
                    executable: tool.url,
                    arguments: ["--config", configuration.path, "--output-file", output.path],
                    inputFiles: [configuration] + inputs,
                    outputFiles: [output])
            ]
        }
    }
#endif
