import GraphQLParser
import GraphQLSchema

/// The schema the GraphQL endpoint serves, validates requests against and executes them on: `lottery.graphqls`
/// extended with the enum values the data set uses beyond the SDL's (`extend enum GameType { SCRATCH }`, as the
/// reference backend does), which the server then sends and accepts as they are. Built with ``SchemaBuilder``.
enum ServedSchema {
    /// The schema for a data set, or why it could not be built (the error every request then gets).
    static func build(dataSet: LotteryDataSet) -> Result<Schema, GraphQLResponseError> {
        let sdl: String
        do {
            sdl = try BundledResources.schemaSDL()
        } catch {
            return .failure(GraphQLResponseError("The server's schema could not be read: \(error)"))
        }
        let base = SchemaBuilder.build(sources: [Source(sdl, name: "lottery.graphqls")])
        guard let baseSchema = base.schema else { return .failure(failure(base.diagnostics)) }
        var extensions: [String] = []
        for (enumName, used) in [("GameType", dataSet.games.map(\.type)), ("DrawStatus", dataSet.draws.map(\.status))] {
            let known = Set(baseSchema.type(named: enumName)?.enumValues.map(\.name) ?? [])
            let missing = Set(used).subtracting(known).sorted()
            if !missing.isEmpty {
                extensions.append("extend enum \(enumName) { \(missing.joined(separator: " ")) }")
            }
        }
        guard !extensions.isEmpty else { return .success(baseSchema) }
        let extended = SchemaBuilder.build(sources: [
            Source(sdl, name: "lottery.graphqls"),
            Source(extensions.joined(separator: "\n"), name: "data set enum values"),
        ])
        guard let schema = extended.schema else { return .failure(failure(extended.diagnostics)) }
        return .success(schema)
    }

    private static func failure(_ diagnostics: [Diagnostic]) -> GraphQLResponseError {
        let text = diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
        return GraphQLResponseError("The server's schema could not be built: \(text)")
    }
}
