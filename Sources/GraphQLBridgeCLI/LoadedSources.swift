import GraphQLCodegen
import GraphQLParser

/// The schema and operation files of a command, read; a file that cannot be read as text is a diagnostic at its
/// path (so it is reported like a syntax error), a path that does not exist is an error.
struct LoadedSources {
    var schema: [Source] = []
    var operations: [Source] = []
    var diagnostics: [Diagnostic] = []

    static func load(schema: [String], operations: [String]) throws(SourceLoadingError) -> LoadedSources {
        var result = LoadedSources()
        for path in try SourceFiles.expand(schema, extensions: ["graphqls", "graphql"]) {
            if let source = result.read(path) { result.schema.append(source) }
        }
        for path in try SourceFiles.expand(operations, extensions: ["graphql"]) {
            if let source = result.read(path) { result.operations.append(source) }
        }
        return result
    }

    private mutating func read(_ path: String) -> Source? {
        do {
            return try SourceFiles.read(path)
        } catch {
            diagnostics.append(
                Diagnostic(
                    severity: .error, message: error.message,
                    location: SourceLocation(fileName: path, line: 1, column: 1, utf8Offset: 0)))
            return nil
        }
    }
}
