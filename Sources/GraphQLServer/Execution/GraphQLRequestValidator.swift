import GraphQLParser
import GraphQLSchema

/// Validates request documents with GraphQLSchema's ``Validator`` (graphql-core's rules and messages) against the
/// served schema, the one the executor runs on.
///
/// One check is added to ``Validator``'s: graphql-core runs the custom scalars' literal parsers (`Long`,
/// `DateTime`) during validation, which ``Validator`` leaves to the server, so those literals are checked here
/// with the executor's input coercion (and merged into the errors by location).
package struct GraphQLRequestValidator: Sendable {
    /// The served schema.
    package let schema: Schema
    /// The executor's input coercion (for the custom scalars' literals).
    package let coercion: GraphQLInputCoercion

    /// A validator against a schema whose custom scalars read literals by `customScalars`.
    package init(schema: Schema, customScalars: GraphQLCustomScalars = GraphQLCustomScalars()) {
        self.schema = schema
        coercion = GraphQLInputCoercion(schema: schema, customScalars: customScalars)
    }

    /// The validation errors of a document (empty when it is valid).
    package func validate(_ document: Document) -> [GraphQLResponseError] {
        let diagnostics = Validator.validate(document, schema: schema).map {
            GraphQLResponseError($0.message, locations: $0.locations)
        }
        var errors: [GraphQLResponseError] = []
        for operation in document.operations {
            for definition in operation.variableDefinitions {
                if let value = definition.defaultValue {
                    checkLiteral(value, type: TypeRef(definition.type), schema: schema, into: &errors)
                }
            }
            if let root = schema.rootType(for: operation.operation) {
                checkSelections(operation.selectionSet, parent: root, schema: schema, into: &errors)
            }
        }
        for fragment in document.fragments {
            if let parent = schema.type(named: fragment.typeCondition.name.value) {
                checkSelections(fragment.selectionSet, parent: parent, schema: schema, into: &errors)
            }
        }
        return GraphQLRequestValidator.merge(diagnostics, errors)
    }

    /// The validator's errors with the added ones inserted by location (an added error goes before the first
    /// validator error that starts after it), close to the order of graphql-core's single document walk.
    private static func merge(
        _ diagnostics: [GraphQLResponseError], _ added: [GraphQLResponseError]
    ) -> [GraphQLResponseError] {
        var merged = diagnostics
        for error in added {
            guard let location = error.locations.first(where: \.isKnown) else {
                merged.append(error)
                continue
            }
            let index =
                merged.firstIndex { existing in
                    existing.locations.first(where: \.isKnown).map { location < $0 } ?? false
                } ?? merged.count
            merged.insert(error, at: index)
        }
        return merged
    }

    /// Checks the custom scalar literals in the arguments of a selection set's fields (iteratively).
    private func checkSelections(
        _ root: SelectionSet, parent: SchemaType, schema: Schema, into errors: inout [GraphQLResponseError]
    ) {
        var queue: [(SelectionSet, SchemaType)] = [(root, parent)]
        while let (selectionSet, parentType) = queue.popLast() {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    guard let definition = schema.field(named: field.name.value, on: parentType) else { continue }
                    for argument in field.arguments {
                        if let type = definition.arguments.first(where: { $0.name == argument.name.value })?.type {
                            checkLiteral(argument.value, type: type, schema: schema, into: &errors)
                        }
                    }
                    if let nested = field.selectionSet, let type = schema.namedType(of: definition.type) {
                        queue.append((nested, type))
                    }
                case .inlineFragment(let inline):
                    let type = inline.typeCondition.flatMap { schema.type(named: $0.name.value) } ?? parentType
                    queue.append((inline.selectionSet, type))
                case .fragmentSpread:
                    continue
                }
            }
        }
    }

    /// Reports a literal of a custom scalar type (`Long`, `DateTime`) that the scalar cannot represent.
    private func checkLiteral(
        _ value: Value, type: TypeRef, schema: Schema, into errors: inout [GraphQLResponseError]
    ) {
        guard let named = schema.namedType(of: type), named.kind == .scalar, !named.isBuiltIn else { return }
        switch (type, value) {
        case (_, .null), (_, .variable): return
        case (.nonNull(let inner), _):
            checkLiteral(value, type: inner, schema: schema, into: &errors)
        case (.list(let inner), .list(let elements, _)):
            for element in elements {
                checkLiteral(element, type: inner, schema: schema, into: &errors)
            }
        case (.list(let inner), _):
            checkLiteral(value, type: inner, schema: schema, into: &errors)
        case (.named(let name), _):
            if let message = coercion.literalError(value, for: .named(name)) {
                errors.append(GraphQLResponseError(message, locations: [value.location]))
            }
        }
    }
}
