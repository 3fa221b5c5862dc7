import GraphQLParser

/// Builds a ``Schema`` from type system documents (SDL), the first stage after parsing.
///
/// Accepts everything graphql-core 3.3's `build_ast_schema` accepts: several documents (one schema split over
/// files), `schema` definitions and extensions, type extensions of every kind, `implements A & B`, interfaces
/// implementing interfaces, repeatable directives, default values, `@deprecated`, `@specifiedBy` and `@oneOf`.
/// Without a `schema` definition, the types named `Query`, `Mutation` and `Subscription` are the root types.
///
/// Problems are reported as diagnostics with graphql-core's messages and locations (its SDL validation rules and
/// `validate_schema`). Errors (duplicate or unknown types, wrong kinds, interfaces not implemented correctly,
/// invalid default values, no query type, ...) mean there is no schema; warnings (applied directives that are
/// unknown or misplaced, types without fields, deprecation rules) leave the schema usable.
///
/// ```swift
/// let document = try Parser.parse(Source(text, name: "schema.graphqls"))
/// let (schema, diagnostics) = SchemaBuilder.build([document])
/// for diagnostic in diagnostics { print(diagnostic) }  // schema.graphqls:3:11: error: Unknown type 'Gmae'. ...
/// ```
public enum SchemaBuilder {
    /// Builds a schema from type system documents. Operations and fragments in them are ignored.
    /// - Parameter documents: The documents, in order (types may be defined in one and extended in another).
    /// - Returns: The schema, or `nil` when there is an error, and all diagnostics (errors and warnings).
    public static func build(_ documents: [Document]) -> (schema: Schema?, diagnostics: [Diagnostic]) {
        let definitions = documents.flatMap(\.definitions)
        var diagnostics = SDLValidator.validate(definitions)
        if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
        let schema = makeSchema(definitions)
        diagnostics += SchemaValidator.validate(schema)
        if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
        return (schema, diagnostics)
    }

    /// Parses and builds type system sources; a syntax error is reported as an error diagnostic.
    /// - Parameter sources: The SDL sources (named after their files, for the diagnostics).
    /// - Returns: The schema, or `nil` when there is an error, and all diagnostics.
    public static func build(sources: [Source]) -> (schema: Schema?, diagnostics: [Diagnostic]) {
        var documents: [Document] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source))
            } catch {
                return (nil, [error.diagnostic])
            }
        }
        return build(documents)
    }

    /// Makes the schema model from definitions that passed the SDL checks, without validating it.
    static func makeSchema(_ definitions: [Definition]) -> Schema {
        var typeDefinitions: [TypeDefinition] = []
        var typeExtensions: [String: [TypeExtension]] = [:]
        var directiveDefinitions: [DirectiveDefinition] = []
        var schemaDefinition: SchemaDefinition?
        var schemaExtensions: [SchemaExtension] = []
        for definition in definitions {
            switch definition {
            case .typeSystem(.type(let type)): typeDefinitions.append(type)
            case .typeSystem(.directive(let directive)): directiveDefinitions.append(directive)
            case .typeSystem(.schema(let schema)): schemaDefinition = schemaDefinition ?? schema
            case .typeSystemExtension(.type(let type)): typeExtensions[type.name.value, default: []].append(type)
            case .typeSystemExtension(.schema(let schema)): schemaExtensions.append(schema)
            case .typeSystemExtension(.directive), .operation, .fragment: break
            }
        }

        // Types named like a built-in scalar or introspection type are the built-in ones (as in graphql-core).
        let introspection = BuiltInDefinitions.introspectionTypes
        var types: [SchemaType] = []
        var defined: Set<String> = []
        for definition in typeDefinitions where !defined.contains(definition.name.value) {
            let name = definition.name.value
            defined.insert(name)
            if let scalar = BuiltInDefinitions.scalars[name] {
                types.append(scalar)
            } else if let builtIn = introspection.first(where: { $0.name == name }) {
                types.append(builtIn)
            } else {
                types.append(SchemaConverter.type(definition, extensions: typeExtensions[name] ?? []))
            }
        }

        var directives = directiveDefinitions.map(SchemaConverter.directive)
        let directiveNames = Set(directives.map(\.name))
        directives += BuiltInDefinitions.directives.filter { !directiveNames.contains($0.name) }

        // The built-in scalars the schema refers to; String and Boolean always (introspection uses them).
        var referenced: Set<String> = ["String", "Boolean"]
        func use(_ values: [SchemaInputValue]) {
            for value in values { referenced.insert(value.type.namedType) }
        }
        for type in types {
            for field in type.fields {
                referenced.insert(field.type.namedType)
                use(field.arguments)
            }
            use(type.inputFields)
        }
        for directive in directives { use(directive.arguments) }
        let rootTypeReferences = ([schemaDefinition?.operationTypes ?? []] + schemaExtensions.map(\.operationTypes))
        for operationType in rootTypeReferences.joined() { referenced.insert(operationType.type.name.value) }
        for name in ["Int", "Float", "String", "Boolean", "ID"]
        where referenced.contains(name) && !defined.contains(name) {
            if let scalar = BuiltInDefinitions.scalars[name] { types.append(scalar) }
        }
        types += introspection.filter { !defined.contains($0.name) }

        var roots: [OperationType: String] = [:]
        for operationTypes in (schemaDefinition.map { [$0.operationTypes] } ?? [])
            + schemaExtensions.map(\.operationTypes)
        {
            for operationType in operationTypes where roots[operationType.operation] == nil {
                roots[operationType.operation] = operationType.type.name.value
            }
        }
        if schemaDefinition == nil {
            for operation in OperationType.allCases {
                let name = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
                if defined.contains(name) { roots[operation] = name }
            }
        }
        return Schema(
            description: schemaDefinition?.description?.value,
            types: types,
            directives: directives,
            queryTypeName: roots[.query],
            mutationTypeName: roots[.mutation],
            subscriptionTypeName: roots[.subscription],
            definition: schemaDefinition,
            extensions: schemaExtensions
        )
    }
}
