import GraphQLParser
import GraphQLSchema
import GraphQLServer

/// The schema the GraphQL endpoint serves, validates requests against and executes them on: `lottery.graphqls`
/// extended with the enum values the data set uses beyond the SDL's (`extend enum GameType { SCRATCH }`, as the
/// reference backend does), which the server then sends and accepts as they are. Built with ``SchemaBuilder``.
enum ServedSchema {
    /// `@defer` and `@stream` as the incremental-delivery draft declares them (served with
    /// ``EmbeddedBackendOptions/incrementalDelivery``).
    static let incrementalDirectives = """
        directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(label: String, if: Boolean! = true, initialCount: Int = 0) on FIELD
        """

    /// The schema for a data set, or why it could not be built (the error every request then gets).
    static func build(dataSet: LotteryDataSet, incremental: Bool = false) -> Result<Schema, GraphQLResponseError> {
        let sdl: String
        do {
            sdl = try BundledResources.schemaSDL()
        } catch {
            return .failure(GraphQLResponseError("The server's schema could not be read: \(error)"))
        }
        let directives = incremental ? [Source(incrementalDirectives, name: "incremental delivery")] : []
        let base = SchemaBuilder.build(sources: [Source(sdl, name: "lottery.graphqls")] + directives)
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
        let extended = SchemaBuilder.build(
            sources: [
                Source(sdl, name: "lottery.graphqls"),
                Source(extensions.joined(separator: "\n"), name: "data set enum values"),
            ] + directives)
        guard let schema = extended.schema else { return .failure(failure(extended.diagnostics)) }
        return .success(schema)
    }

    /// The lottery's custom scalar with a rule of its own: `DateTime`, an instant as `yyyy-MM-ddTHH:mm:ssZ` (as
    /// the reference backend reads it). `Long` follows the server's default rule.
    static let customScalars = GraphQLCustomScalars([
        "DateTime": GraphQLCustomScalars.Rule(
            json: { json in
                guard case .string(let text) = json, UTCTimestamp(rfc3339: text) != nil, text.utf8.count == 20 else {
                    return .failure(
                        GraphQLScalarError("DateTime cannot represent \(json.jsonText): expected yyyy-MM-ddTHH:mm:ssZ.")
                    )
                }
                return .success(.string(text))
            },
            literal: { literal in
                guard case .string(let string) = literal else {
                    return .failure(GraphQLScalarError("DateTime cannot represent a non-string literal."))
                }
                guard UTCTimestamp(rfc3339: string.value) != nil, string.value.utf8.count == 20 else {
                    return .failure(
                        GraphQLScalarError(
                            "DateTime cannot represent \(GraphQLValuePrinter.print(literal)): expected yyyy-MM-ddTHH:mm:ssZ."
                        ))
                }
                return .success(.string(string.value))
            })
    ])

    private static func failure(_ diagnostics: [Diagnostic]) -> GraphQLResponseError {
        let text = diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
        return GraphQLResponseError("The server's schema could not be built: \(text)")
    }
}
