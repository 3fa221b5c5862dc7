import GraphQLParser
import GraphQLSchema

/// Executes a validated query operation over the lottery resolvers: collects fields (fragments, inline
/// fragments, `@skip`/`@include`, merging by response key), coerces arguments, resolves, completes values by
/// type and propagates `null` for field errors as the spec says (a field error on a non-null field nulls its
/// parent, up to `data`).
struct GraphQLExecutor {
    /// The served schema.
    let schema: Schema
    /// The resolvers.
    let resolvers: LotteryResolvers
    /// Whether `Long` values are serialized as decimal strings.
    let longAsString: Bool
    /// The document's fragments by name.
    let fragments: [String: FragmentDefinition]
    /// The coerced variable values (a variable that was not provided and has no default is absent).
    let variables: [String: GraphQLInputValue]

    /// The field errors, in execution order.
    private(set) var errors: [GraphQLResponseError] = []

    /// Thrown when a `null` must propagate to the parent (a non-null position got `null`).
    private struct NullPropagation: Error {}

    /// Creates an executor.
    init(
        schema: Schema, resolvers: LotteryResolvers, longAsString: Bool, fragments: [String: FragmentDefinition],
        variables: [String: GraphQLInputValue]
    ) {
        self.schema = schema
        self.resolvers = resolvers
        self.longAsString = longAsString
        self.fragments = fragments
        self.variables = variables
    }

    /// Executes an operation's selection set on `root` (`.query` or `.mutation`; this executor is synchronous,
    /// so a mutation's root fields run one after another, as the spec requires); `.null` when a `null`
    /// propagated to `data`.
    mutating func execute(_ selectionSet: SelectionSet, root: GraphQLObjectValue) -> JSONValue {
        do {
            return try completeObject(root, selectionSets: [selectionSet], path: [])
        } catch {
            return .null
        }
    }

    /// A subscription's one root field (validation allows no other) and its coerced arguments: what the source
    /// stream is made from (the spec's `CreateSourceEventStream`); `nil` when the selection has no field.
    func subscriptionRootField(_ selectionSet: SelectionSet) throws(GraphQLFieldError) -> (
        name: String, arguments: [String: GraphQLInputValue]
    )? {
        guard let subscriptionType = schema.subscriptionType,
            let field = collectFields(objectType: subscriptionType.name, selectionSets: [selectionSet]).first?.fields
                .first,
            let definition = subscriptionType.field(named: field.name.value)
        else { return nil }
        return (field.name.value, try coerceArguments(field, definition: definition))
    }

    // MARK: Collecting fields

    private func collectFields(
        objectType: String, selectionSets: [SelectionSet]
    ) -> [(key: String, fields: [Field])] {
        var grouped: [(key: String, fields: [Field])] = []
        var positions: [String: Int] = [:]
        var visited: Set<String> = []
        for selectionSet in selectionSets {
            collectFields(
                objectType: objectType, selectionSet: selectionSet, into: &grouped, positions: &positions,
                visited: &visited)
        }
        return grouped
    }

    private func collectFields(
        objectType: String, selectionSet: SelectionSet, into grouped: inout [(key: String, fields: [Field])],
        positions: inout [String: Int], visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            guard shouldInclude(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                if let index = positions[field.responseKey] {
                    grouped[index].fields.append(field)
                } else {
                    positions[field.responseKey] = grouped.count
                    grouped.append((field.responseKey, [field]))
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), let fragment = fragments[name],
                    fragment.typeCondition.name.value == objectType
                else { continue }
                visited.insert(name)
                collectFields(
                    objectType: objectType, selectionSet: fragment.selectionSet, into: &grouped,
                    positions: &positions, visited: &visited)
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition, condition.name.value != objectType { continue }
                collectFields(
                    objectType: objectType, selectionSet: inline.selectionSet, into: &grouped,
                    positions: &positions, visited: &visited)
            }
        }
    }

    private func shouldInclude(_ directives: [Directive]) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include" else { continue }
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            var condition: Bool?
            switch argument.value {
            case .boolean(let flag, _): condition = flag
            case .variable(let variable):
                if case .boolean(let flag) = variables[variable.name.value] { condition = flag }
            default: condition = nil
            }
            guard let condition else { continue }
            if name == "skip" && condition { return false }
            if name == "include" && !condition { return false }
        }
        return true
    }

    // MARK: Fields

    private mutating func completeObject(
        _ object: GraphQLObjectValue, selectionSets: [SelectionSet], path: [GraphQLResponsePathComponent]
    ) throws(NullPropagation) -> JSONValue {
        let typeName = object.typeName
        var members: [(String, JSONValue)] = []
        var propagate = false
        for (key, fields) in collectFields(objectType: typeName, selectionSets: selectionSets) {
            do {
                members.append((key, try executeField(object, fields: fields, path: path + [.key(key)])))
            } catch {
                // Keep executing the siblings (their errors are reported too), then null this object.
                propagate = true
            }
        }
        if propagate { throw NullPropagation() }
        return .object(members)
    }

    private mutating func executeField(
        _ object: GraphQLObjectValue, fields: [Field], path: [GraphQLResponsePathComponent]
    ) throws(NullPropagation) -> JSONValue {
        guard let field = fields.first else { return .null }
        let name = field.name.value
        if name == "__typename" { return .string(object.typeName) }
        let locations = fields.map(\.location)
        guard let definition = schema.type(named: object.typeName)?.field(named: name) else {
            // Validation rules this out; answer as graphql-core would for a missing field.
            errors.append(
                GraphQLResponseError(
                    "Cannot query field \"\(name)\" on type \"\(object.typeName)\".", locations: locations, path: path))
            return .null
        }
        do {
            let arguments = try coerceArguments(field, definition: definition)
            let resolved = try resolvers.resolve(name, of: object, arguments: arguments)
            return try completeValue(
                resolved, type: definition.type, field: "\(object.typeName).\(name)", fields: fields, path: path)
        } catch let error as GraphQLFieldError {
            errors.append(
                GraphQLResponseError(
                    error.message, locations: locations, path: path, extensions: error.extensions))
            if definition.type.isNonNull { throw NullPropagation() }
            return .null
        } catch {
            if definition.type.isNonNull { throw NullPropagation() }
            return .null
        }
    }

    private func coerceArguments(
        _ field: Field, definition: SchemaField
    ) throws(GraphQLFieldError) -> [String: GraphQLInputValue] {
        let coercion = GraphQLInputCoercion(schema: schema)
        var values: [String: GraphQLInputValue] = [:]
        for argumentDefinition in definition.arguments {
            let name = argumentDefinition.name
            let node = field.arguments.first { $0.name.value == name }
            var value: GraphQLInputValue?
            if let node {
                do {
                    value = try coercion.coerce(literal: node.value, to: argumentDefinition.type, variables: variables)
                } catch {
                    throw GraphQLFieldError("Argument \"\(name)\" has invalid value \(error.value). \(error.message)")
                }
            }
            if value == nil, let defaultValue = argumentDefinition.defaultValue {
                do {
                    value = try coercion.coerce(literal: defaultValue, to: argumentDefinition.type, variables: [:])
                } catch {
                    throw GraphQLFieldError("Argument \"\(name)\" has invalid default value. \(error.message)")
                }
            }
            if argumentDefinition.type.isNonNull {
                guard let present = value else {
                    if let node, case .variable(let variable) = node.value {
                        throw GraphQLFieldError(
                            "Argument \"\(name)\" of required type \"\(argumentDefinition.type)\" was provided the "
                                + "variable \"$\(variable.name.value)\" which was not provided a runtime value.")
                    }
                    throw GraphQLFieldError(
                        "Argument \"\(name)\" of required type \"\(argumentDefinition.type)\" was not provided.")
                }
                if present == .null {
                    throw GraphQLFieldError(
                        "Argument \"\(name)\" of non-null type \"\(argumentDefinition.type)\" must not be null.")
                }
            }
            if let value { values[name] = value }
        }
        return values
    }

    // MARK: Values

    /// Completes a resolved value; `field` is `Type.name` for messages. Throws ``GraphQLFieldError`` for an
    /// error at `path` and `NullPropagation` when a `null` propagates from below.
    private mutating func completeValue(
        _ value: GraphQLResolvedValue, type: TypeRef, field: String, fields: [Field],
        path: [GraphQLResponsePathComponent]
    ) throws -> JSONValue {
        switch type {
        case .nonNull(let inner):
            let completed = try completeValue(value, type: inner, field: field, fields: fields, path: path)
            if completed == .null {
                throw GraphQLFieldError("Cannot return null for non-nullable field \(field).")
            }
            return completed
        case .list(let itemType):
            switch value {
            case .null:
                return .null
            case .list(let items):
                var completed: [JSONValue] = []
                var propagate = false
                for (index, item) in items.enumerated() {
                    let itemPath = path + [.index(index)]
                    do {
                        completed.append(
                            try completeValue(item, type: itemType, field: field, fields: fields, path: itemPath))
                    } catch let error as GraphQLFieldError {
                        errors.append(
                            GraphQLResponseError(
                                error.message, locations: fields.map(\.location), path: itemPath,
                                extensions: error.extensions))
                        if itemType.isNonNull { propagate = true } else { completed.append(.null) }
                    } catch {
                        if itemType.isNonNull { propagate = true } else { completed.append(.null) }
                    }
                    if propagate { break }
                }
                if propagate { throw NullPropagation() }
                return .array(completed)
            default:
                throw GraphQLFieldError("Expected Iterable, but did not find one for field \(field).")
            }
        case .named(let typeName):
            return try completeNamed(value, typeName: typeName, fields: fields, path: path)
        }
    }

    private mutating func completeNamed(
        _ value: GraphQLResolvedValue, typeName: String, fields: [Field], path: [GraphQLResponsePathComponent]
    ) throws -> JSONValue {
        switch value {
        case .null:
            return .null
        case .object(let object):
            return try completeObject(object, selectionSets: fields.compactMap(\.selectionSet), path: path)
        case .int(let number):
            switch typeName {
            case "Long":
                return longAsString ? .string(String(number)) : .int(number)
            case "Int":
                guard number >= Int64(Int32.min), number <= Int64(Int32.max) else {
                    throw GraphQLFieldError("Int cannot represent non 32-bit signed integer value: \(number)")
                }
                return .int(number)
            case "Float":
                return .int(number)
            default:
                return .string(String(number))
            }
        case .string(let text):
            return .string(text)
        case .boolean(let flag):
            return .bool(flag)
        case .timestamp(let timestamp):
            return .string(timestamp.rfc3339)
        case .list:
            throw GraphQLFieldError("Expected a value of type \"\(typeName)\" but received a list.")
        }
    }
}
