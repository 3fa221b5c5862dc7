import Foundation
import GraphQLCodegen

// The generator as the build plugin runs it: a configuration file in, one Swift file out. Diagnostics go to
// standard error as `file:line:column: severity: message`, which Xcode and SwiftPM show at the place.
let usage = """
    USAGE: graphql-codegen-tool --config FILE (--output-file FILE | --output-dir DIR)

    Generates Swift types for the schema and operations named in the configuration (a graphql-codegen.json) into
    one Swift file (--output-file, as the build plugin does) or one file per declaration (--output-dir).
    Files are only rewritten when their contents change.

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(1)
}

var configPath: String?
var outputPath: String?
var outputDirectory: String?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--config":
        guard !arguments.isEmpty else { fail("error: --config needs a value\n\n" + usage) }
        configPath = arguments.removeFirst()
    case "--output-file":
        guard !arguments.isEmpty else { fail("error: --output-file needs a value\n\n" + usage) }
        outputPath = arguments.removeFirst()
    case "--output-dir":
        guard !arguments.isEmpty else { fail("error: --output-dir needs a value\n\n" + usage) }
        outputDirectory = arguments.removeFirst()
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    default:
        fail("error: unknown argument '\(argument)'\n\n" + usage)
    }
}
guard let configPath, (outputPath == nil) != (outputDirectory == nil) else {
    fail("error: give --config and one of --output-file and --output-dir\n\n" + usage)
}

/// Generates the files; returns the exit status. A function rather than top-level code so that nothing it made is
/// still referenced when the process exits (LeakSanitizer, scripts/leaks.sh, then reports only real leaks).
func generate(configPath: String, outputPath: String?, outputDirectory: String?) -> Int32 {
    let configuration: CodegenConfiguration
    do {
        configuration = try CodegenConfiguration.load(contentsOf: URL(fileURLWithPath: configPath))
    } catch {
        fail("\(error)\n")
    }
    let directory: URL
    let layout: OutputLayout
    if let outputPath {
        let url = URL(fileURLWithPath: outputPath)
        directory = url.deletingLastPathComponent()
        layout = .singleFile(url.lastPathComponent)
    } else {
        directory = URL(fileURLWithPath: outputDirectory ?? ".")
        layout = .filePerDeclaration
    }
    let result: CodegenResult
    do {
        result = try CodegenPipeline(configuration: configuration).run(layout: layout)
    } catch {
        fail("\(error)\n")
    }
    for diagnostic in result.diagnostics {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
    if result.hasErrors { return 1 }
    do {
        _ = try GeneratedFileWriter(directory: directory).write(result.files, removeStale: outputDirectory != nil)
    } catch {
        fail("error: cannot write into \(directory.path): \(error.localizedDescription)\n")
    }
    // The persisted-query manifest the configuration asks for ("persistedQueries": {"manifest": PATH}), next to the
    // configuration. A build plugin may not be allowed to write there (Xcode's sandbox): that is a warning, with the fix.
    if let manifestPath = configuration.manifestPath, let plan = result.plan {
        do {
            try PersistedQueryManifest(plan: plan).write(to: URL(fileURLWithPath: manifestPath))
        } catch {
            FileHandle.standardError.write(
                Data(
                    ("\(configPath): warning: cannot write the persisted-query manifest \(manifestPath) "
                        + "(\(error.localizedDescription)); write it with `graphql-bridge codegen --config \(configPath) "
                        + "--manifest \(manifestPath)`\n").utf8))
        }
    }
    return 0
}

exit(generate(configPath: configPath, outputPath: outputPath, outputDirectory: outputDirectory))
