import GraphQLParser
import GraphQLSchema

/// The code generator as a pipeline of stages that can also be run one by one: parse, build the schema,
/// validate, plan, render.
///
/// ```swift
/// let configuration = CodegenConfiguration(scalars: ["Long": ScalarMapping(swiftType: "Int64")])
/// let result = CodegenPipeline(configuration: configuration).run(
///     schema: [Source(sdl, name: "schema.graphqls")], operations: [Source(ops, name: "Ops.graphql")])
/// for diagnostic in result.diagnostics { print(diagnostic) }   // Ops.graphql:3:5: error: ...
/// for file in result.files { ... }
/// ```
///
/// Every stage reports problems as `Diagnostic`s (GraphQLParser) with file, line and column. Warnings never stop the run; an
/// error stops it at the end of the stage that found it (all files are still parsed, all operations validated), so
/// no code is generated from invalid input.
public struct CodegenPipeline: Sendable {
    /// Scalar mappings and access level.
    public var configuration: CodegenConfiguration

    /// Creates a pipeline.
    /// - Parameter configuration: Scalar mappings and access level (the paths in it are not used here).
    public init(configuration: CodegenConfiguration = CodegenConfiguration()) {
        self.configuration = configuration
    }

    /// Stage 1: parses each source; a syntax error is an error diagnostic, and the other sources are still parsed.
    public func parse(_ sources: [Source]) -> (documents: [Document], diagnostics: [Diagnostic]) {
        var documents: [Document] = []
        var diagnostics: [Diagnostic] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source))
            } catch {
                diagnostics.append(error.diagnostic)
            }
        }
        return (documents, diagnostics)
    }

    /// Stage 2: builds the schema from SDL documents, with the configuration's client-only directives that the
    /// documents do not declare (``CodegenConfiguration/clientDirectives``) declared at every executable location.
    public func buildSchema(_ documents: [Document]) -> (schema: Schema?, diagnostics: [Diagnostic]) {
        SchemaBuilder.build(documents + clientDirectiveDeclarations(besides: documents))
    }

    /// `directive @name repeatable on QUERY | ...` for each client-only directive the documents do not declare.
    func clientDirectiveDeclarations(besides documents: [Document]) -> [Document] {
        var declared: Set<String> = []
        for document in documents {
            for case .typeSystem(.directive(let definition)) in document.definitions {
                declared.insert(definition.name.value)
            }
        }
        let locations =
            "QUERY | MUTATION | SUBSCRIPTION | FIELD | FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT | "
            + "VARIABLE_DEFINITION"
        return configuration.clientDirectives.filter { !declared.contains($0) }.compactMap { name in
            try? Parser.parse(
                Source("directive @\(name) repeatable on \(locations)", name: "clientDirectives (graphql-codegen.json)")
            )
        }
    }

    /// Stage 3: validates the operation documents together (a fragment may be defined in one file and used in
    /// another) against the schema. A fragment no operation uses is not an error here: it is generated on its own.
    /// - Parameters:
    ///   - documents: The parsed operation documents.
    ///   - schema: The schema they are validated against.
    ///   - warnOfUnusedFragments: Reports a fragment no operation uses as a warning (graphql-core's message), since a
    ///     server would reject the document as it is; otherwise says nothing of it.
    public func validate(_ documents: [Document], schema: Schema, warnOfUnusedFragments: Bool = false) -> [Diagnostic] {
        let merged = Document(definitions: documents.flatMap(\.definitions))
        return Validator.validate(
            merged, schema: schema, allowUnusedFragments: !warnOfUnusedFragments,
            unusedFragmentsAsWarnings: warnOfUnusedFragments)
    }

    /// Stage 4: plans the Swift types.
    public func plan(_ documents: [Document], schema: Schema) -> (plan: CodegenPlan, diagnostics: [Diagnostic]) {
        Planner.plan(documents, schema: schema, configuration: configuration)
    }

    /// Stage 5: renders the plan as Swift files.
    public func render(_ plan: CodegenPlan, layout: OutputLayout = .filePerDeclaration) -> [GeneratedFile] {
        let renderer = SwiftRenderer(plan: plan)
        switch layout {
        case .filePerDeclaration: return renderer.files()
        case .singleFile(let name): return [renderer.singleFile(named: name)]
        }
    }

    /// Runs every stage, stopping after a stage that reports an error.
    /// - Parameters:
    ///   - schema: The schema sources (SDL).
    ///   - operations: The operation and fragment sources.
    ///   - layout: How declarations are split into files.
    /// - Returns: The files (none after an error) and all diagnostics.
    public func run(schema: [Source], operations: [Source], layout: OutputLayout = .filePerDeclaration)
        -> CodegenResult
    {
        let parsedSchema = parse(schema)
        let parsedOperations = parse(operations)
        var diagnostics = parsedSchema.diagnostics + parsedOperations.diagnostics
        if Self.hasErrors(diagnostics) { return CodegenResult(files: [], diagnostics: diagnostics) }

        let built = buildSchema(parsedSchema.documents)
        diagnostics += built.diagnostics
        guard let builtSchema = built.schema, !Self.hasErrors(diagnostics) else {
            return CodegenResult(files: [], diagnostics: diagnostics)
        }

        diagnostics += validate(parsedOperations.documents, schema: builtSchema)
        if Self.hasErrors(diagnostics) { return CodegenResult(files: [], diagnostics: diagnostics) }

        let planned = plan(parsedOperations.documents, schema: builtSchema)
        diagnostics += planned.diagnostics
        if Self.hasErrors(diagnostics) {
            return CodegenResult(files: [], diagnostics: diagnostics, plan: planned.plan)
        }
        return CodegenResult(files: render(planned.plan, layout: layout), diagnostics: diagnostics, plan: planned.plan)
    }

    /// Reads the configuration's schema and operation files and runs every stage.
    /// - Parameter layout: How declarations are split into files.
    /// - Throws: ``SourceLoadingError`` when a path cannot be read.
    public func run(layout: OutputLayout = .filePerDeclaration) throws(SourceLoadingError) -> CodegenResult {
        let schemaSources = try SourceFiles.expand(configuration.schemaPaths, extensions: ["graphqls", "graphql"])
            .map { path throws(SourceLoadingError) in try SourceFiles.read(path) }
        let operationSources = try SourceFiles.expand(configuration.operationPaths, extensions: ["graphql"])
            .map { path throws(SourceLoadingError) in try SourceFiles.read(path) }
        return run(schema: schemaSources, operations: operationSources, layout: layout)
    }

    static func hasErrors(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error }
    }
}
