import GraphQLParser

/// What the validation rules share: the schema and document, the types at the walker's position (graphql-core's
/// `TypeInfo`), the errors, and lookups computed once per document.
final class ValidationContext {
    let schema: Schema
    let document: Document
    /// The operations and fragment definitions, in document order.
    let definitions: [IndexedDefinition]
    /// The operations, in document order.
    let operations: [IndexedDefinition]
    /// The fragment definitions, in document order.
    let fragments: [IndexedDefinition]
    /// Directive definitions found in the document itself (graphql-core lets them count as known).
    let documentDirectives: [DirectiveDefinition]
    /// The names of types defined in the document itself.
    let documentTypeNames: Set<String>

    private let fragmentsByName: [String: IndexedDefinition]
    private let maxErrors: Int
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether validation stopped (error limit reached, or fragments nested too deeply); the walker stops and
    /// later errors are dropped.
    private(set) var isAborted = false
    /// The error that tells why validation stopped.
    private(set) var abortMessage = "Too many validation errors, error limit reached. Validation aborted."

    // MARK: Type information at the walker's position

    var parentTypeStack: [SchemaType?] = []
    var typeStack: [TypeRef?] = []
    var inputTypeStack: [TypeRef?] = []
    var fieldDefinitionStack: [SchemaField?] = []
    /// The directive whose arguments are being walked.
    var directive: SchemaDirective?
    /// The argument being walked.
    var argument: SchemaInputValue?

    /// The composite type of the selection set being walked.
    var parentType: SchemaType? { parentTypeStack.last ?? nil }
    /// The (output) type of the field, operation or fragment being walked.
    var type: TypeRef? { typeStack.last ?? nil }
    /// The definition of the field being walked.
    var fieldDefinition: SchemaField? { fieldDefinitionStack.last ?? nil }
    /// The input type expected for the value being walked.
    var valueType: TypeRef? { inputTypeStack.last ?? nil }

    init(schema: Schema, document: Document, maxErrors: Int) {
        self.schema = schema
        self.document = document
        self.maxErrors = maxErrors
        var counter = 0
        var definitions: [IndexedDefinition] = []
        var directives: [DirectiveDefinition] = []
        var typeNames: Set<String> = []
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                definitions.append(
                    IndexedDefinition(.operation(operation), index: definitions.count, counter: &counter))
            case .fragment(let fragment):
                definitions.append(IndexedDefinition(.fragment(fragment), index: definitions.count, counter: &counter))
            case .typeSystem(.directive(let directive)):
                directives.append(directive)
            case .typeSystem(.type(let type)):
                typeNames.insert(type.name.value)
            default:
                break
            }
        }
        self.definitions = definitions
        self.operations = definitions.filter { $0.operation != nil }
        self.fragments = definitions.filter { $0.fragment != nil }
        var byName: [String: IndexedDefinition] = [:]
        for fragment in fragments {
            if let name = fragment.fragment?.name.value { byName[name] = fragment }
        }
        self.fragmentsByName = byName
        self.documentDirectives = directives
        self.documentTypeNames = typeNames
    }

    // MARK: Errors

    /// Records an error at the given places (the first one is the diagnostic's location).
    /// Records a warning (not counted against the error limit).
    func warn(_ message: String, at location: SourceLocation) {
        guard !isAborted else { return }
        diagnostics.append(Diagnostic(severity: .warning, message: message, location: location))
    }

    func report(_ message: String, _ locations: [SourceLocation]) {
        guard !isAborted else { return }
        if diagnostics.count >= maxErrors {
            isAborted = true
            return
        }
        diagnostics.append(
            Diagnostic(
                severity: .error, message: message, location: locations.first ?? .unknown,
                relatedLocations: Array(locations.dropFirst())))
    }

    /// Stops validation, with graphql-core's message for it.
    func abort(_ message: String) {
        guard !isAborted else { return }
        isAborted = true
        abortMessage = message
    }

    // MARK: Lookups

    /// The fragment definition with the given name (the last one, when there are several).
    func fragment(named name: String) -> IndexedDefinition? {
        fragmentsByName[name]
    }

    /// The schema type a type reference of the document stands for, `nil` when its named type is unknown
    /// (graphql-core's `type_from_ast`).
    func typeFromAST(_ reference: TypeReference) -> TypeRef? {
        schema.type(named: reference.namedType.name.value) == nil ? nil : TypeRef(reference)
    }

    /// The named type of a type reference, if the schema has it.
    func namedType(_ type: TypeRef?) -> SchemaType? {
        type.flatMap { schema.type(named: $0.namedType) }
    }

    private var spreadsBySelectionSet: [Int: [FragmentSpread]] = [:]

    /// The fragment spreads in a selection set and the selection sets nested in it (not in the fragments
    /// spread), in graphql-core's order (a depth-first walk with a stack).
    func fragmentSpreads(in selectionSet: IndexedSelectionSet) -> [FragmentSpread] {
        if let cached = spreadsBySelectionSet[selectionSet.id] { return cached }
        var spreads: [FragmentSpread] = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                }
            }
        }
        spreadsBySelectionSet[selectionSet.id] = spreads
        return spreads
    }

    private var referencedFragmentsCache: [[Int]: [IndexedDefinition]] = [:]

    /// The fragments the operations spread, directly or through other fragments, in graphql-core's order.
    func recursivelyReferencedFragments(_ operations: [IndexedDefinition]) -> [IndexedDefinition] {
        let key = operations.map(\.index)
        if let cached = referencedFragmentsCache[key] { return cached }
        var names: [String] = []
        var collected: Set<String> = []
        for operation in operations {
            for spread in fragmentSpreads(in: operation.selectionSet) where !collected.contains(spread.name.value) {
                collected.insert(spread.name.value)
                names.append(spread.name.value)
            }
        }
        var fragments: [IndexedDefinition] = []
        var index = 0
        while index < names.count {
            if let fragment = fragment(named: names[index]) {
                fragments.append(fragment)
                for spread in fragmentSpreads(in: fragment.selectionSet) where !collected.contains(spread.name.value) {
                    collected.insert(spread.name.value)
                    names.append(spread.name.value)
                }
            }
            index += 1
        }
        referencedFragmentsCache[key] = fragments
        return fragments
    }

    private var usagesByDefinition: [Int: [VariableUsage]] = [:]
    private var recursiveUsagesByOperation: [Int: [VariableUsage]] = [:]

    /// The variables used in a definition itself (not in the fragments it spreads), with the types expected
    /// where they are used.
    func variableUsages(_ definition: IndexedDefinition) -> [VariableUsage] {
        if let cached = usagesByDefinition[definition.index] { return cached }
        let usages = VariableUsageCollector.collect(definition, schema: schema)
        usagesByDefinition[definition.index] = usages
        return usages
    }

    /// The variables used in an operation and in the fragments it spreads, directly or not.
    func recursiveVariableUsages(_ operation: IndexedDefinition) -> [VariableUsage] {
        if let cached = recursiveUsagesByOperation[operation.index] { return cached }
        var usages = variableUsages(operation)
        for fragment in recursivelyReferencedFragments([operation]) {
            usages += variableUsages(fragment)
        }
        recursiveUsagesByOperation[operation.index] = usages
        return usages
    }
}
