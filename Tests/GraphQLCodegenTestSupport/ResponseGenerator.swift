import GraphQLBridge
import GraphQLParser
import GraphQLSchema

/// Answers an operation as a server would: the spec's field collection (`CollectFields`) for each object's runtime
/// type, type conditions and `@include`/`@skip` honoured, values either random (seeded: an abstract type's runtime
/// type, `null` for nullable fields, list lengths, scalars and enum values) or read from a `world` (JSON objects with
/// `__typename` and every field by name, as a server's data).
///
/// Besides the response's `data`, it gives what the generated types encode that `data` back to: the same, plus `null`
/// for each nullable field that the document selects for the object's type but `@include`/`@skip` left out (its
/// property is `nil`, which encodes as `null`; a non-null field's is left out).
public struct ResponseGenerator {
    /// A response and what it encodes back to.
    public struct Answer: Sendable {
        /// The variables used (the operation's `Boolean` variables).
        public var variables: [String: Bool]
        /// The response's `data`.
        public var data: JSONValue
        /// What the generated `Data` decoded from `data` encodes to.
        public var expectedEncoding: JSONValue
    }

    /// A problem with the document or the world.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    public let schema: Schema
    private var random: SeededRandom
    private var fragments: [String: FragmentDefinition] = [:]
    private var variables: [String: Bool] = [:]

    /// A generator over `schema`; the same seed gives the same answers.
    public init(schema: Schema, seed: UInt64) {
        self.schema = schema
        self.random = SeededRandom(seed: seed)
    }

    /// Answers the first operation of `document` (an operation and its fragments, as a generated `document`).
    /// - Parameters:
    ///   - variables: Values of its `Boolean` variables; random for those not given.
    ///   - world: The root object's data (`{"allAnimals": [...]}`); random values when `nil`.
    public mutating func answer(_ document: Document, variables given: [String: Bool] = [:], world: JSONValue? = nil)
        throws -> Answer
    {
        fragments = [:]
        var operation: OperationDefinition?
        for definition in document.definitions {
            switch definition {
            case .operation(let definition): if operation == nil { operation = definition }
            case .fragment(let fragment): fragments[fragment.name.value] = fragment
            default: break
            }
        }
        guard let operation, let root = schema.rootType(for: operation.operation) else {
            throw Problem(description: "no operation, or no root type for it")
        }
        variables = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            if TypeRef(definition.type).namedType == "Boolean" { variables[name] = given[name] ?? random.chance(0.5) }
        }
        let selections = operation.selectionSet.selections
        let (data, expected) = try object(selections, all: selections, type: root, world: world)
        return Answer(variables: variables, data: data, expectedEncoding: expected)
    }

    // MARK: Execution

    /// The object for `selections` (the included occurrences' sub-selections) and what it encodes back to, for which
    /// `all` (every occurrence's sub-selections, included or not) says which left-out fields the generated types hold.
    private mutating func object(
        _ selections: [Selection], all allSelections: [Selection], type: SchemaType,
        world: JSONValue?
    ) throws -> (
        JSONValue, JSONValue
    ) {
        let runtime: SchemaType
        if let world, type.isAbstract || world["__typename"] != nil {
            guard case .string(let name)? = world["__typename"], let found = schema.type(named: name) else {
                throw Problem(description: "a world object of type \(type.name) without a known __typename: \(world)")
            }
            runtime = found
        } else if type.isAbstract {
            guard let picked = random.element(schema.possibleTypes(of: type)) else {
                throw Problem(description: "\(type.name) has no possible types")
            }
            runtime = picked
        } else {
            runtime = type
        }
        let selected = collect(selections, on: runtime, honouringDirectives: true)
        let all = collect(allSelections, on: runtime, honouringDirectives: false)
        let allGroups = Dictionary(all.groups, uniquingKeysWith: { first, _ in first })
        var data = JSONObject()
        var expected = JSONObject()
        for (key, fields) in selected.groups {
            guard let field = fields.first else { continue }
            if field.name.value == "__typename" {
                data[key] = .string(runtime.name)
                expected[key] = .string(runtime.name)
                continue
            }
            guard let definition = schema.field(named: field.name.value, on: runtime) else {
                throw Problem(description: "no field \(field.name.value) on \(runtime.name)")
            }
            let source: JSONValue?
            if let world {
                guard let member = world[field.name.value] else {
                    throw Problem(description: "the world's \(runtime.name) has no \(field.name.value): \(world)")
                }
                source = member
            } else {
                source = nil
            }
            let subselections = fields.flatMap { $0.selectionSet?.selections ?? [] }
            let allSubselections = (allGroups[key] ?? fields).flatMap { $0.selectionSet?.selections ?? [] }
            (data[key], expected[key]) = try value(
                definition.type, subselections, all: allSubselections, world: source)
        }
        for (key, fields) in all.groups where data[key] == nil {
            guard let field = fields.first, field.name.value != "__typename",
                let definition = schema.field(named: field.name.value, on: runtime)
            else { continue }
            if !definition.type.isNonNull { expected[key] = .null }
        }
        return (.object(data), .object(expected))
    }

    private mutating func value(_ type: TypeRef, _ selections: [Selection], all: [Selection], world: JSONValue?)
        throws -> (
            JSONValue, JSONValue
        )
    {
        var inner = type
        if case .nonNull(let wrapped) = type {
            inner = wrapped
        } else if world == .null || (world == nil && random.chance(0.2)) {
            return (.null, .null)
        }
        switch inner {
        case .nonNull(let wrapped):
            return try value(wrapped, selections, all: all, world: world)
        case .list(let item):
            var items: [JSONValue] = []
            var expected: [JSONValue] = []
            if let world {
                guard case .array(let elements) = world else {
                    throw Problem(description: "a list expected in the world, found \(world)")
                }
                for element in elements {
                    let (one, encoded) = try value(item, selections, all: all, world: element)
                    items.append(one)
                    expected.append(encoded)
                }
            } else {
                for _ in 0..<random.next(upTo: 3) {
                    let (one, encoded) = try value(item, selections, all: all, world: nil)
                    items.append(one)
                    expected.append(encoded)
                }
            }
            return (.array(items), .array(expected))
        case .named(let name):
            guard let named = schema.type(named: name) else { throw Problem(description: "unknown type \(name)") }
            if named.isComposite { return try object(selections, all: all, type: named, world: world) }
            if let world { return (world, world) }
            let leaf = randomLeaf(named)
            return (leaf, leaf)
        }
    }

    private mutating func randomLeaf(_ type: SchemaType) -> JSONValue {
        if type.kind == .enum { return .string(random.element(type.enumValues.map(\.name)) ?? "UNKNOWN") }
        let number = random.next(upTo: 1000)
        switch type.name {
        case "Int": return .number(String(number - 500))
        case "Float": return .number("\(number).5")
        case "Boolean": return .bool(random.chance(0.5))
        case "ID": return .string("id\(number)")
        default: return .string("\(type.name.lowercased())\(number)")
        }
    }

    // MARK: Field collection

    /// The fields selected for an object of type `runtime`, grouped by response key in selection order.
    private func collect(_ selections: [Selection], on runtime: SchemaType, honouringDirectives: Bool)
        -> (keys: [String], groups: [(String, [Field])])
    {
        var keys: [String] = []
        var groups: [String: [Field]] = [:]
        var visited: Set<String> = []
        func visit(_ selections: [Selection]) {
            for selection in selections {
                if honouringDirectives, !included(selection.directives) { continue }
                switch selection {
                case .field(let field):
                    let key = field.alias?.value ?? field.name.value
                    if groups[key] == nil { keys.append(key) }
                    groups[key, default: []].append(field)
                case .inlineFragment(let fragment):
                    if let condition = fragment.typeCondition?.name.value, !applies(condition, to: runtime) { continue }
                    visit(fragment.selectionSet.selections)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard !visited.contains(name), let definition = fragments[name],
                        applies(definition.typeCondition.name.value, to: runtime)
                    else { continue }
                    visited.insert(name)
                    visit(definition.selectionSet.selections)
                }
            }
        }
        visit(selections)
        return (keys, keys.map { ($0, groups[$0] ?? []) })
    }

    private func applies(_ condition: String, to runtime: SchemaType) -> Bool {
        guard let type = schema.type(named: condition) else { return false }
        return schema.possibleTypes(of: type).contains { $0.name == runtime.name }
    }

    private func included(_ directives: [Directive]) -> Bool {
        for directive in directives where directive.name.value == "skip" || directive.name.value == "include" {
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            let flag: Bool
            switch argument.value {
            case .boolean(let value, _): flag = value
            case .variable(let variable): flag = variables[variable.name.value] ?? false
            default: continue
            }
            if directive.name.value == "skip" ? flag : !flag { return false }
        }
        return true
    }
}
