import GraphQLParser
import GraphQLSchema

/// The state of one planning run: the definitions, the names handed out, what the operations use, diagnostics.
final class PlanningSession {
    let schema: Schema
    let configuration: CodegenConfiguration
    let operations: [OperationDefinition]
    /// The fragment definitions as written, by name (the first of duplicates).
    let originalFragments: [String: FragmentDefinition]
    /// The fragment definitions prepared for the document and planning, by name.
    let fragments: [String: FragmentDefinition]
    let collector: SelectionCollector
    let rewriter: DocumentRewriter

    var diagnostics: [Diagnostic] = []
    /// Enums used by fields, variables and input objects (GraphQL names).
    var usedEnums: Set<String> = []
    /// Input objects used by variables, directly or through other input objects (GraphQL names).
    var usedInputObjects: Set<String> = []
    /// Unmapped custom scalars, with the first place each is used.
    var unmappedScalarUsages: [String: SourceLocation] = [:]
    /// Names nested structs must not take: the top-level generated names, the runtime's and Swift's type names,
    /// and the Swift types of scalar mappings (a nested struct would hide them).
    var reservedTypeNames: Set<String> = []
    /// The Swift names of schema enums and input objects, by GraphQL name.
    var schemaTypeSwiftNames: [String: String] = [:]

    /// Type names the generated code relies on; a generated top-level type must not take them.
    static let runtimeTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "CodingKey", "CodingKeys", "Data", "Date", "DateTime", "DateTimeScalar",
        "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Error", "Float", "Foundation",
        "Fragments", "GraphQLBridge", "GraphQLCodingKey", "GraphQLEnum", "GraphQLFragment", "GraphQLID",
        "GraphQLMutation", "GraphQLNoVariables", "GraphQLNullable", "GraphQLOperation", "GraphQLOperationType",
        "GraphQLQuery", "Hashable", "Identifiable", "Int", "Int32", "Int64", "JSONValue", "LocalDate", "Long", "Never",
        "Optional", "Protocol", "Self", "Sendable", "Set", "String", "Swift", "Timestamp", "Type", "UUID", "UUIDScalar",
        "Variables",
    ]

    init(schema: Schema, configuration: CodegenConfiguration, documents: [Document]) {
        self.schema = schema
        self.configuration = configuration
        let rewriter = DocumentRewriter(schema: schema, clientDirectives: Set(configuration.clientDirectives))
        self.rewriter = rewriter
        var operations: [OperationDefinition] = []
        var originals: [String: FragmentDefinition] = [:]
        for document in documents {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation): operations.append(operation)
                case .fragment(let fragment):
                    if originals[fragment.name.value] == nil { originals[fragment.name.value] = fragment }
                case .typeSystem, .typeSystemExtension: break
                }
            }
        }
        self.operations = operations
        self.originalFragments = originals
        let rewritten = originals.mapValues { rewriter.rewrite($0) }
        self.fragments = rewritten
        self.collector = SelectionCollector(schema: schema, fragments: rewritten)
    }

    /// Plans everything.
    func run() -> CodegenPlan {
        var plan = CodegenPlan(accessLevel: configuration.accessLevel)
        plan.cache = configuration.cache
        plan.fieldPolicies = planFieldPolicies()
        (plan.listPolicies, plan.objectListPolicies) = planListPolicies()
        if let queryType = schema.rootType(for: .query) {
            plan.queryTypeName = queryType.name
            plan.queryTypeIsAbstractMember =
                !queryType.interfaces.isEmpty || schema.types.contains { $0.memberTypes.contains(queryType.name) }
        }
        let named = assignTopLevelNames()
        for name in originalFragments.keys.sorted() {
            guard let swiftName = named.fragments[name], let fragment = planFragment(name, swiftName: swiftName)
            else { continue }
            plan.fragments.append(fragment)
        }
        for (operation, swiftName) in named.operations {
            if let planned = planOperation(operation, swiftName: swiftName) { plan.operations.append(planned) }
        }
        plan.inputObjects = planInputObjects()
        plan.enums = usedEnums.compactMap(planEnum)
        plan.operations.sort { $0.swiftName < $1.swiftName }
        plan.fragments.sort { $0.swiftName < $1.swiftName }
        plan.enums.sort { $0.swiftName < $1.swiftName }
        plan.inputObjects.sort { $0.swiftName < $1.swiftName }
        reportUnmappedScalars()
        return plan
    }

    func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(severity: .error, message: message, location: location))
    }

    func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(severity: .warning, message: message, location: location))
    }
}
