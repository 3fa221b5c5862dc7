import GraphQLParser

/// Finds the variables an operation or fragment definition uses (not those of the fragments it spreads),
/// with the types expected where they are used, in graphql-core's visiting order.
struct VariableUsageCollector {
    let schema: Schema
    private var usages: [VariableUsage] = []

    private init(schema: Schema) {
        self.schema = schema
    }

    static func collect(_ definition: IndexedDefinition, schema: Schema) -> [VariableUsage] {
        var collector = VariableUsageCollector(schema: schema)
        switch definition.kind {
        case .operation(let operation):
            collector.directives(operation.directives, enclosingField: nil)
            let root = schema.rootType(for: operation.operation)
            collector.walk(definition.selectionSet, type: root?.kind == .object ? root : nil, enclosingField: nil)
        case .fragment(let fragment):
            collector.directives(fragment.directives, enclosingField: nil)
            collector.walk(
                definition.selectionSet, type: schema.type(named: fragment.typeCondition.name.value),
                enclosingField: nil)
        }
        return collector.usages
    }

    /// `type` is the type the selection set is on (graphql-core takes its named type when composite);
    /// `enclosingField` the field it belongs to (arguments of unknown directives are looked up on it, as
    /// graphql-core's `TypeInfo` does).
    private mutating func walk(
        _ selectionSet: IndexedSelectionSet, type: SchemaType?, enclosingField: SchemaField?
    ) {
        let parent = type?.isComposite == true ? type : nil
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parent.flatMap { schema.field(named: field.name, on: $0) }
                for argument in field.node.arguments {
                    let argumentDefinition = definition?.argument(named: argument.name.value)
                    value(argument.value, argumentDefinition, parentType: nil)
                }
                directives(field.node.directives, enclosingField: definition)
                if let nested = field.selectionSet {
                    walk(nested, type: definition.flatMap { schema.namedType(of: $0.type) }, enclosingField: definition)
                }
            case .fragmentSpread(let spread):
                directives(spread.directives, enclosingField: enclosingField)
            case .inlineFragment(let fragment):
                let condition = fragment.node.typeCondition.map { schema.type(named: $0.name.value) } ?? parent
                directives(fragment.node.directives, enclosingField: enclosingField)
                walk(fragment.selectionSet, type: condition, enclosingField: enclosingField)
            }
        }
    }

    private mutating func directives(_ directives: [Directive], enclosingField: SchemaField?) {
        for directive in directives {
            let definition = schema.directive(named: directive.name.value)
            for argument in directive.arguments {
                let name = argument.name.value
                let argumentDefinition =
                    definition.map { $0.argument(named: name) } ?? enclosingField?.argument(named: name)
                value(argument.value, argumentDefinition, parentType: nil)
            }
        }
    }

    private mutating func value(_ node: Value, _ argument: SchemaInputValue?, parentType: TypeRef?) {
        let type = argument.flatMap { schema.namedType(of: $0.type)?.isInputType == true ? $0.type : nil }
        value(node, type: type, parentType: parentType, hasDefault: argument?.defaultValue != nil)
    }

    private mutating func value(_ node: Value, type: TypeRef?, parentType: TypeRef?, hasDefault: Bool) {
        switch node {
        case .variable(let variable):
            usages.append(
                VariableUsage(variable: variable, type: type, parentType: parentType, hasLocationDefault: hasDefault))
        case .list(let items, _):
            let itemType = type?.listItem
            for item in items { value(item, type: itemType, parentType: type, hasDefault: false) }
        case .object(let fields, _):
            let objectType = type.flatMap { schema.namedType(of: $0) }
            for field in fields {
                let fieldDefinition =
                    objectType?.kind == .inputObject ? objectType?.inputField(named: field.name.value) : nil
                let fieldType = fieldDefinition.flatMap {
                    schema.namedType(of: $0.type)?.isInputType == true ? $0.type : nil
                }
                value(
                    field.value, type: fieldType, parentType: type, hasDefault: fieldDefinition?.defaultValue != nil)
            }
        default:
            return
        }
    }
}
