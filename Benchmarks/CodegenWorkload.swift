import GraphQLParser
import GraphQLSchema

/// The inputs of the `codegen` benchmark with what its later stages start from: the parsed fixtures and GitHub's
/// built schema, made once (and checked) before timing, so that each timed operation does only its own stage.
struct CodegenWorkload {
    /// The files.
    var inputs: CodegenInputs
    /// `github_schema.graphql`, parsed.
    var githubDocument: Document
    /// `large_query.graphql`, parsed.
    var largeQueryDocument: Document
    /// GitHub's schema, built and validated.
    var githubSchema: Schema

    /// Parses the fixtures and builds GitHub's schema.
    /// - Throws: ``BenchmarkFailure`` for a syntax error or a schema error (a correctness failure).
    init(inputs: CodegenInputs) throws(BenchmarkFailure) {
        self.inputs = inputs
        do {
            githubDocument = try Parser.parse(inputs.githubSchema)
            largeQueryDocument = try Parser.parse(inputs.largeQuery)
        } catch {
            throw BenchmarkFailure("the Swift parser rejects a fixture: \(error.diagnostic)")
        }
        let (schema, diagnostics) = SchemaBuilder.build([githubDocument])
        let errors = diagnostics.filter { $0.severity == .error }
        guard let schema, errors.isEmpty else {
            throw BenchmarkFailure(
                "SchemaBuilder rejects github_schema.graphql: \(errors.count) errors, first: "
                    + (errors.first.map(\.description) ?? "none (no schema)"))
        }
        githubSchema = schema
    }
}
