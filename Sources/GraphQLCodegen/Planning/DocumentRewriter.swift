import GraphQLParser
import GraphQLSchema

/// Prepares operations and fragments for the document sent to the server and for planning: descriptions are
/// removed (they are documentation, not part of the request), the app's client-only directives are removed (the
/// server does not know them), and `__typename` is added at the start of every selection set on an interface or union
/// that does not select it, so generated code can tell the concrete type.
struct DocumentRewriter {
    let schema: Schema
    /// The client-only directives' names (``CodegenConfiguration/clientDirectives``).
    var clientDirectives: Set<String> = []

    private func serverDirectives(_ directives: [Directive]) -> [Directive] {
        clientDirectives.isEmpty ? directives : directives.filter { !clientDirectives.contains($0.name.value) }
    }

    /// The operation without descriptions and with `__typename` where it is needed.
    func rewrite(_ operation: OperationDefinition) -> OperationDefinition {
        var result = operation
        result.description = nil
        result.directives = serverDirectives(operation.directives)
        result.variableDefinitions = operation.variableDefinitions.map { definition in
            var copy = definition
            copy.description = nil
            copy.directives = serverDirectives(definition.directives)
            return copy
        }
        if let root = schema.rootType(for: operation.operation) {
            result.selectionSet = rewrite(operation.selectionSet, on: root)
        }
        return result
    }

    /// The fragment without its description and with `__typename` where it is needed.
    func rewrite(_ fragment: FragmentDefinition) -> FragmentDefinition {
        var result = fragment
        result.description = nil
        result.directives = serverDirectives(fragment.directives)
        if let type = schema.type(named: fragment.typeCondition.name.value) {
            result.selectionSet = rewrite(fragment.selectionSet, on: type)
        }
        return result
    }

    /// The selection set with nested selection sets rewritten; `__typename` is added at this level when the type
    /// is abstract and `addTypename` is set (not in an inline fragment, whose enclosing selection set has it).
    private func rewrite(_ selectionSet: SelectionSet, on type: SchemaType, addTypename: Bool = true) -> SelectionSet {
        var result = selectionSet
        result.selections = selectionSet.selections.map { selection in
            switch selection {
            case .field(var field):
                field.directives = serverDirectives(field.directives)
                if let nested = field.selectionSet, let definition = schema.field(named: field.name.value, on: type),
                    let fieldType = schema.namedType(of: definition.type)
                {
                    field.selectionSet = rewrite(nested, on: fieldType)
                }
                return .field(field)
            case .inlineFragment(var fragment):
                fragment.directives = serverDirectives(fragment.directives)
                let condition = fragment.typeCondition.flatMap { schema.type(named: $0.name.value) } ?? type
                fragment.selectionSet = rewrite(fragment.selectionSet, on: condition, addTypename: false)
                return .inlineFragment(fragment)
            case .fragmentSpread(var spread):
                spread.directives = serverDirectives(spread.directives)
                return .fragmentSpread(spread)
            }
        }
        if addTypename, type.isAbstract, !selectsTypename(result) {
            let location = selectionSet.location
            result.selections.insert(
                .field(Field(name: Name("__typename", location: location), location: location)), at: 0)
        }
        return result
    }

    private func selectsTypename(_ selectionSet: SelectionSet) -> Bool {
        selectionSet.selections.contains { selection in
            if case .field(let field) = selection {
                return field.alias == nil && field.name.value == "__typename" && field.directives.isEmpty
            }
            return false
        }
    }
}
