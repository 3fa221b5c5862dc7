import GraphQLSchema

/// A seeded generator of random operations over a schema, meant to be valid: nested fields with their required
/// arguments filled (literals or variables), aliases, inline fragments on objects, interfaces and unions (nested
/// ones too), named fragments and variables. Same seed, same documents.
///
/// With `conditions`, it also writes `@include`/`@skip` with `Boolean!` variables on fields, inline fragments and
/// spreads, and inline fragments without a type condition (the documents of the generated code's property test).
///
/// Not every document is valid: two fields with the same response key in overlapping type conditions may have
/// different types (`state` of `Issue` and of `PullRequest`); the property test only asks that our validator and
/// graphql-core agree on each, and that each valid one generates.
public struct RandomOperationGenerator {
    /// The schema the operations select from.
    public let schema: Schema
    /// Whether `@include`/`@skip` are written.
    public let conditions: Bool
    private var random: SeededRandom
    /// Counters for unique names within a document.
    private var aliasCounter = 0
    private var variables: [(name: String, type: String)] = []
    private var fragments: [String] = []
    private var documentIndex = 0
    /// How deep selections nest (fields and type conditions).
    private let maximumDepth: Int

    /// A generator over `schema`; the same seed gives the same documents.
    public init(schema: Schema, seed: UInt64, conditions: Bool = false, maximumDepth: Int = 4) {
        self.schema = schema
        self.conditions = conditions
        self.maximumDepth = maximumDepth
        self.random = SeededRandom(seed: seed)
    }

    /// The next document: one query named `Q<index>` and the fragments it spreads (named `F<index>_<n>`).
    public mutating func nextDocument() -> String {
        documentIndex += 1
        aliasCounter = 0
        variables = []
        fragments = []
        guard let query = schema.queryType else { return "" }
        let selections = selectionSet(on: query, depth: 0, allowFragments: true)
        let variableList =
            variables.isEmpty ? "" : "(" + variables.map { "$\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        return (["query Q\(documentIndex)\(variableList) \(selections)"] + fragments).joined(separator: "\n")
    }

    // MARK: Selections

    private mutating func selectionSet(on type: SchemaType, depth: Int, allowFragments: Bool) -> String {
        var parts: [String] = []
        var fields = selectableFields(of: type)
        // With `conditions` (the property corpus), fields with selections stop at the maximum depth too.
        if conditions, depth >= maximumDepth {
            fields = fields.filter { schema.namedType(of: $0.type)?.isComposite == false }
        }
        let fieldCount = min(fields.count, 1 + random.next(upTo: depth == 0 ? 2 : 3))
        for field in random.sample(fields, count: fieldCount) {
            parts.append(fieldSelection(field, depth: depth, aliased: random.chance(0.2)))
        }
        // Type conditions: on the type itself, its interfaces and unions, or (abstract) its possible types.
        if depth < maximumDepth, random.chance(type.isAbstract ? 0.8 : 0.3) {
            let conditions = overlappingTypes(of: type)
            for condition in random.sample(conditions, count: min(conditions.count, 1 + random.next(upTo: 3))) {
                if allowFragments, random.chance(0.3) {
                    let name = namedFragment(on: condition, depth: depth + 1)
                    parts.append("..." + name + directive())
                } else {
                    let inner = selectionSet(on: condition, depth: depth + 1, allowFragments: allowFragments)
                    parts.append("... on \(condition.name)\(directive()) \(inner)")
                }
            }
        }
        if conditions, depth < maximumDepth, random.chance(0.15) {
            let inner = selectionSet(on: type, depth: depth + 1, allowFragments: allowFragments)
            parts.append("...\(directive(probability: 1)) \(inner)")
        }
        if parts.isEmpty { parts.append("__typename") }
        return "{ " + parts.joined(separator: " ") + " }"
    }

    private mutating func namedFragment(on type: SchemaType, depth: Int) -> String {
        let name = "F\(documentIndex)_\(fragments.count + 1)"
        fragments.append("")  // reserve the slot: nested fragments come after
        let index = fragments.count - 1
        let body = selectionSet(on: type, depth: depth, allowFragments: true)
        fragments[index] = "fragment \(name) on \(type.name) \(body)"
        return name
    }

    private mutating func fieldSelection(_ field: SchemaField, depth: Int, aliased: Bool) -> String {
        var text = ""
        if aliased {
            aliasCounter += 1
            text += "a\(aliasCounter): "
        }
        text += field.name
        let required = field.arguments.filter { $0.type.isNonNull && $0.defaultValue == nil }
        if !required.isEmpty {
            text +=
                "(" + required.map { "\($0.name): \(argumentValue($0, field: field))" }.joined(separator: ", ") + ")"
        }
        text += directive()
        if let named = schema.namedType(of: field.type), named.isComposite {
            text += " " + selectionSet(on: named, depth: depth + 1, allowFragments: true)
        }
        return text
    }

    /// The fields that can be selected: not deprecated-only quirks, composite ones only above the maximum depth,
    /// and only those whose required arguments can be filled.
    private func selectableFields(of type: SchemaType) -> [SchemaField] {
        type.fields.filter { field in
            guard !field.name.hasPrefix("__"), let named = schema.namedType(of: field.type) else { return false }
            if named.isComposite, named.fields.isEmpty, named.kind != .union { return false }
            return field.arguments.allSatisfy { !$0.type.isNonNull || $0.defaultValue != nil || canFill($0.type, 0) }
        }
    }

    /// Composite types whose possible types overlap `type`'s, other than `type`.
    private func overlappingTypes(of type: SchemaType) -> [SchemaType] {
        let possible = Set(schema.possibleTypes(of: type).map(\.name))
        return schema.types.filter { candidate in
            candidate.isComposite && !candidate.isIntrospection && candidate.name != type.name
                && !schema.possibleTypes(of: candidate).isEmpty
                && schema.possibleTypes(of: candidate).contains { possible.contains($0.name) }
        }
    }

    /// ` @include(if: $bN)` or ` @skip(if: $bN)` with `conditions` (a new or an earlier `Boolean!` variable), with the
    /// given probability; otherwise nothing (and no random number is drawn without `conditions`).
    private mutating func directive(probability: Double = 0.2) -> String {
        guard conditions, random.chance(probability) else { return "" }
        let booleans = variables.filter { $0.type == "Boolean!" }.map(\.name)
        let name: String
        if let existing = random.element(booleans), random.chance(0.5) {
            name = existing
        } else {
            name = "v\(variables.count + 1)"
            variables.append((name, "Boolean!"))
        }
        return random.chance(0.5) ? " @include(if: $\(name))" : " @skip(if: $\(name))"
    }

    // MARK: Values

    private func canFill(_ type: TypeRef, _ depth: Int) -> Bool {
        guard depth < 4, let named = schema.type(named: type.namedType) else { return false }
        if named.kind == .inputObject {
            return named.inputFields.allSatisfy {
                !$0.type.isNonNull || $0.defaultValue != nil || canFill($0.type, depth + 1)
            }
        }
        return named.kind == .scalar || (named.kind == .enum && !named.enumValues.isEmpty)
    }

    private mutating func argumentValue(_ argument: SchemaInputValue, field: SchemaField) -> String {
        if random.chance(0.3) {
            let name = "v\(variables.count + 1)"
            variables.append((name, argument.type.description))
            return "$" + name
        }
        return literal(argument.type, depth: 0)
    }

    private mutating func literal(_ type: TypeRef, depth: Int) -> String {
        if type.isList, let item = type.listItem {
            return random.chance(0.5) ? "[" + literal(item, depth: depth) + "]" : literal(item, depth: depth)
        }
        guard let named = schema.type(named: type.namedType) else { return "null" }
        switch named.kind {
        case .enum:
            return random.element(named.enumValues.map(\.name)) ?? "null"
        case .inputObject:
            let fields = named.inputFields.filter { $0.type.isNonNull && $0.defaultValue == nil }
            return "{" + fields.map { "\($0.name): \(literal($0.type, depth: depth + 1))" }.joined(separator: ", ")
                + "}"
        default:
            switch named.name {
            case "Int": return String(random.next(upTo: 100))
            case "Float": return "1.5"
            case "Boolean": return random.chance(0.5) ? "true" : "false"
            default: return "\"s\(random.next(upTo: 10))\""  // String, ID and custom scalars
            }
        }
    }
}
