import GraphQLParser
import GraphQLSchema

/// Builds an operation's cache metadata from its rewritten selection set (with `__typename` on abstract types)
/// and its fragments: fields with arguments and directives, and type conditions as the sets of object types they
/// apply to. A fragment or inline fragment whose condition covers every possible type of its parent is merged
/// into the parent.
struct CacheMetadataBuilder {
    let schema: Schema
    /// The rewritten fragments, by name.
    let fragments: [String: FragmentDefinition]

    func build(_ selectionSet: SelectionSet, on type: SchemaType) -> CacheSelectionPlan {
        var visiting: Set<String> = []
        return build(selectionSet, on: type, visiting: &visiting)
    }

    private func build(_ selectionSet: SelectionSet, on type: SchemaType, visiting: inout Set<String>)
        -> CacheSelectionPlan
    {
        var plan = CacheSelectionPlan(typeName: type.isAbstract ? nil : type.name)
        for selection in selectionSet.selections {
            guard let (includeIf, skipIf) = conditions(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                var selections: CacheSelectionPlan?
                if let nested = field.selectionSet, let definition = schema.field(named: field.name.value, on: type),
                    let fieldType = schema.namedType(of: definition.type)
                {
                    selections = build(nested, on: fieldType, visiting: &visiting)
                }
                var arguments: [String: CacheArgumentPlan] = [:]
                for argument in field.arguments { arguments[argument.name.value] = Self.argument(argument.value) }
                var fieldPlan = CacheFieldPlan(
                    name: field.name.value, alias: field.alias?.value, arguments: arguments, selections: selections,
                    includeIf: includeIf, skipIf: skipIf)
                // The server uses an argument's default when the document leaves it out, or gives a variable that
                // is left out: part of the field's key.
                for definition in schema.field(named: field.name.value, on: type)?.arguments ?? [] {
                    guard let value = definition.defaultValue else { continue }
                    switch arguments[definition.name] {
                    case nil, .variable?: fieldPlan.argumentDefaults[definition.name] = Self.json(value)
                    default: break
                    }
                }
                plan.fields.append(fieldPlan)
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition.flatMap { schema.type(named: $0.name.value) } ?? type
                let nested = build(fragment.selectionSet, on: condition, visiting: &visiting)
                add(nested, condition: condition, to: &plan, parent: type, includeIf: includeIf, skipIf: skipIf)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard let fragment = fragments[name],
                    let condition = schema.type(named: fragment.typeCondition.name.value),
                    visiting.insert(name).inserted
                else { continue }
                let nested = build(fragment.selectionSet, on: condition, visiting: &visiting)
                visiting.remove(name)
                add(nested, condition: condition, to: &plan, parent: type, includeIf: includeIf, skipIf: skipIf)
            }
        }
        return plan
    }

    /// Adds a fragment's selections: merged when its condition covers every possible type of the parent,
    /// otherwise as a type condition.
    private func add(
        _ nested: CacheSelectionPlan, condition: SchemaType, to plan: inout CacheSelectionPlan, parent: SchemaType,
        includeIf: [String], skipIf: [String]
    ) {
        var nested = nested
        if !includeIf.isEmpty || !skipIf.isEmpty { Self.addDirectives(&nested, includeIf: includeIf, skipIf: skipIf) }
        let parentTypes = Set(possibleTypes(of: parent))
        let conditionTypes = possibleTypes(of: condition)
        if parentTypes.isSubset(of: conditionTypes) {
            plan.fields += nested.fields
            plan.conditions += nested.conditions
        } else {
            let applicable = conditionTypes.filter(parentTypes.contains).sorted()
            guard !applicable.isEmpty else { return }
            nested.typeName = applicable.count == 1 ? applicable[0] : nil
            plan.conditions.append(CacheConditionPlan(possibleTypes: applicable, selections: nested))
        }
    }

    private static func addDirectives(_ plan: inout CacheSelectionPlan, includeIf: [String], skipIf: [String]) {
        for index in plan.fields.indices {
            plan.fields[index].includeIf += includeIf
            plan.fields[index].skipIf += skipIf
        }
        for index in plan.conditions.indices {
            addDirectives(&plan.conditions[index].selections, includeIf: includeIf, skipIf: skipIf)
        }
    }

    private func possibleTypes(of type: SchemaType) -> [String] {
        type.isAbstract ? schema.possibleTypes(of: type).map(\.name) : [type.name]
    }

    /// The `@include`/`@skip` variables of a selection; `nil` when a literal condition leaves it out.
    private func conditions(_ directives: [Directive]) -> (includeIf: [String], skipIf: [String])? {
        var includeIf: [String] = []
        var skipIf: [String] = []
        for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
            let isInclude = directive.name.value == "include"
            guard let value = directive.arguments.first(where: { $0.name.value == "if" })?.value else { continue }
            switch value {
            case .boolean(let flag, _):
                if flag != isInclude { return nil }
            case .variable(let variable):
                if isInclude { includeIf.append(variable.name.value) } else { skipIf.append(variable.name.value) }
            default:
                continue
            }
        }
        return (includeIf, skipIf)
    }

    /// An argument value: a constant as a `JSONValue` expression, or with its variables.
    static func argument(_ value: Value) -> CacheArgumentPlan {
        if value.isConstant { return .literal(json(value)) }
        switch value {
        case .variable(let variable): return .variable(variable.name.value)
        case .list(let items, _): return .list(items.map(argument))
        case .object(let fields, _):
            var members: [String: CacheArgumentPlan] = [:]
            for field in fields { members[field.name.value] = argument(field.value) }
            return .object(members)
        default: return .literal(json(value))
        }
    }

    /// A constant value as the Swift expression of a `JSONValue` (enum values as strings, as the server's
    /// variables carry them).
    static func json(_ value: Value) -> String {
        switch value {
        case .int(let text, _), .float(let text, _): return ".number(\"\(text)\")"
        case .string(let string): return ".string(\"\(SwiftNames.stringLiteralContents(string.value))\")"
        case .boolean(let flag, _): return ".bool(\(flag))"
        case .null: return ".null"
        case .enum(let name, _): return ".string(\"\(SwiftNames.stringLiteralContents(name))\")"
        case .list(let items, _): return ".array([" + items.map(json).joined(separator: ", ") + "])"
        case .object(let fields, _):
            let members = fields.sorted { $0.name.value < $1.name.value }.map {
                "\"\(SwiftNames.stringLiteralContents($0.name.value))\": \(json($0.value))"
            }
            return ".object([" + (members.isEmpty ? ":" : members.joined(separator: ", ")) + "])"
        case .variable: return ".null"
        }
    }
}
