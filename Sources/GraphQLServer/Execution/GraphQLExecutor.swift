import GraphQLParser
import GraphQLSchema

/// Executes a validated query operation over a schema's resolvers: collects fields (fragments, inline
/// fragments, `@skip`/`@include`, merging by response key), coerces arguments, resolves, completes values by
/// type and propagates `null` for field errors as the spec says (a field error on a non-null field nulls its
/// parent, up to `data`). The introspection fields (`__schema`, `__type`, `__typename`) are answered from the
/// schema itself.
package struct GraphQLExecutor<Resolvers: GraphQLResolving> {
    /// The served schema.
    package let schema: Schema
    /// The resolvers.
    package let resolvers: Resolvers
    /// The custom scalars whose integer values are serialized as decimal strings (`Long` for a server that
    /// sends 64-bit integers as strings).
    package let integerScalarsAsStrings: Set<String>
    /// How the custom scalars read their input values.
    package let customScalars: GraphQLCustomScalars
    /// The document's fragments by name.
    package let fragments: [String: FragmentDefinition]
    /// The coerced variable values (a variable that was not provided and has no default is absent).
    package let variables: [String: GraphQLInputValue]

    /// The field errors, in execution order.
    package internal(set) var errors: [GraphQLResponseError] = []

    /// Whether `@defer` and `@stream` are honoured (the client accepts incremental delivery: see
    /// ``executeIncrementally(_:root:)``); otherwise they are ignored and the result comes whole, as the spec allows.
    package var incrementalDelivery = false
    /// The increments announced and not delivered yet, in the order they were met.
    var pending: [PendingIncrement] = []
    private var nextPendingID = 0

    /// Thrown when a `null` must propagate to the parent (a non-null position got `null`).
    struct NullPropagation: Error {}

    /// An increment of an incrementally delivered result: a deferred fragment of an object, or the rest of a
    /// streamed list.
    struct PendingIncrement {
        enum Work {
            case deferred(Target, [SelectionSet])
            case stream(
                items: [GraphQLResolvedValue<Resolvers.Object>], startIndex: Int, itemType: TypeRef, field: String,
                fields: [Field])
        }
        let id: String
        let path: [GraphQLResponsePathComponent]
        let label: String?
        let work: Work
    }

    /// An object being completed: the app's, or one of the introspection system's.
    enum Target {
        case app(Resolvers.Object)
        case introspection(IntrospectionObject)
    }

    /// Creates an executor.
    package init(
        schema: Schema, resolvers: Resolvers, integerScalarsAsStrings: Set<String> = [],
        customScalars: GraphQLCustomScalars = GraphQLCustomScalars(), fragments: [String: FragmentDefinition],
        variables: [String: GraphQLInputValue]
    ) {
        self.customScalars = customScalars
        self.schema = schema
        self.resolvers = resolvers
        self.integerScalarsAsStrings = integerScalarsAsStrings
        self.fragments = fragments
        self.variables = variables
    }

    /// Executes an operation's selection set on `root` (`.query` or `.mutation`; this executor is synchronous,
    /// so a mutation's root fields run one after another, as the spec requires); `.null` when a `null`
    /// propagated to `data`.
    package mutating func execute(_ selectionSet: SelectionSet, root: Resolvers.Object) -> JSONValue {
        do {
            return try completeObject(.app(root), selectionSets: [selectionSet], path: [])
        } catch {
            return .null
        }
    }

    /// A subscription's one root field (validation allows no other) and its coerced arguments: what the source
    /// stream is made from (the spec's `CreateSourceEventStream`); `nil` when the selection has no field.
    package func subscriptionRootField(_ selectionSet: SelectionSet) throws(GraphQLFieldError) -> (
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
        var deferred: [(label: String?, selectionSet: SelectionSet)] = []
        return collectFields(objectType: objectType, selectionSets: selectionSets, deferred: &deferred)
    }

    /// The fields to execute now, grouped by response key; the fragments under an active `@defer` (with
    /// ``incrementalDelivery``) go to `deferred` instead.
    private func collectFields(
        objectType: String, selectionSets: [SelectionSet],
        deferred: inout [(label: String?, selectionSet: SelectionSet)]
    ) -> [(key: String, fields: [Field])] {
        var grouped: [(key: String, fields: [Field])] = []
        var positions: [String: Int] = [:]
        var visited: Set<String> = []
        for selectionSet in selectionSets {
            collectFields(
                objectType: objectType, selectionSet: selectionSet, into: &grouped, positions: &positions,
                visited: &visited, deferred: &deferred)
        }
        return grouped
    }

    private func collectFields(
        objectType: String, selectionSet: SelectionSet, into grouped: inout [(key: String, fields: [Field])],
        positions: inout [String: Int], visited: inout Set<String>,
        deferred: inout [(label: String?, selectionSet: SelectionSet)]
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
                    applies(fragment.typeCondition.name.value, to: objectType)
                else { continue }
                if let deferral = activeDirective("defer", in: spread.directives) {
                    deferred.append((stringArgument("label", of: deferral), fragment.selectionSet))
                    continue
                }
                visited.insert(name)
                collectFields(
                    objectType: objectType, selectionSet: fragment.selectionSet, into: &grouped,
                    positions: &positions, visited: &visited, deferred: &deferred)
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition, !applies(condition.name.value, to: objectType) { continue }
                if let deferral = activeDirective("defer", in: inline.directives) {
                    deferred.append((stringArgument("label", of: deferral), inline.selectionSet))
                    continue
                }
                collectFields(
                    objectType: objectType, selectionSet: inline.selectionSet, into: &grouped,
                    positions: &positions, visited: &visited, deferred: &deferred)
            }
        }
    }

    /// The spec's `DoesFragmentTypeApply`: the condition is the object type, or an interface or union it belongs to.
    private func applies(_ condition: String, to objectType: String) -> Bool {
        if condition == objectType { return true }
        guard let conditionType = schema.type(named: condition), conditionType.isAbstract,
            let object = schema.type(named: objectType)
        else { return false }
        return schema.isSubType(conditionType, object)
    }

    /// `@defer` or `@stream` when it applies: incremental delivery is on and its `if` is not false.
    private func activeDirective(_ name: String, in directives: [Directive]) -> Directive? {
        guard incrementalDelivery, let directive = directives.first(where: { $0.name.value == name }) else {
            return nil
        }
        if let argument = directive.arguments.first(where: { $0.name.value == "if" }) {
            switch argument.value {
            case .boolean(let flag, _): if !flag { return nil }
            case .variable(let variable):
                if case .boolean(false) = variables[variable.name.value] { return nil }
            default: break
            }
        }
        return directive
    }

    private func stringArgument(_ name: String, of directive: Directive) -> String? {
        guard let argument = directive.arguments.first(where: { $0.name.value == name }) else { return nil }
        switch argument.value {
        case .string(let string): return string.value
        case .variable(let variable):
            if case .string(let text) = variables[variable.name.value] { return text }
            return nil
        default: return nil
        }
    }

    private func intArgument(_ name: String, of directive: Directive) -> Int? {
        guard let argument = directive.arguments.first(where: { $0.name.value == name }) else { return nil }
        switch argument.value {
        case .int(let text, _): return Int(text)
        case .variable(let variable):
            if case .int(let number) = variables[variable.name.value] { return Int(number) }
            return nil
        default: return nil
        }
    }

    private mutating func announce(
        _ work: PendingIncrement.Work, path: [GraphQLResponsePathComponent], label: String?
    ) {
        pending.append(PendingIncrement(id: String(nextPendingID), path: path, label: label, work: work))
        nextPendingID += 1
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

    mutating func completeObject(
        _ object: Target, selectionSets: [SelectionSet], path: [GraphQLResponsePathComponent]
    ) throws(NullPropagation) -> JSONValue {
        let typeName = self.typeName(of: object)
        var members: [(String, JSONValue)] = []
        var propagate = false
        var deferred: [(label: String?, selectionSet: SelectionSet)] = []
        let grouped = collectFields(objectType: typeName, selectionSets: selectionSets, deferred: &deferred)
        for fragment in deferred {
            announce(.deferred(object, [fragment.selectionSet]), path: path, label: fragment.label)
        }
        for (key, fields) in grouped {
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

    private func typeName(of object: Target) -> String {
        switch object {
        case .app(let value): return value.typeName
        case .introspection(let value): return value.typeName
        }
    }

    private mutating func executeField(
        _ object: Target, fields: [Field], path: [GraphQLResponsePathComponent]
    ) throws(NullPropagation) -> JSONValue {
        guard let field = fields.first else { return .null }
        let name = field.name.value
        let typeName = self.typeName(of: object)
        if name == "__typename" { return .string(typeName) }
        let locations = fields.map(\.location)
        let isQueryRoot = typeName == schema.queryType?.name
        let definition: SchemaField
        if isQueryRoot, let meta = IntrospectionObject.rootField(named: name) {
            definition = meta
        } else if let found = schema.type(named: typeName)?.field(named: name) {
            definition = found
        } else {
            // Validation rules this out; answer as graphql-core would for a missing field.
            errors.append(
                GraphQLResponseError(
                    "Cannot query field \"\(name)\" on type \"\(typeName)\".", locations: locations, path: path))
            return .null
        }
        do {
            let arguments = try coerceArguments(field, definition: definition)
            let resolved: GraphQLResolvedValue<Resolvers.Object>
            switch object {
            case .introspection(let meta):
                resolved = try meta.resolve(name, arguments: arguments, schema: schema)
            case .app(let value):
                if isQueryRoot, IntrospectionObject.rootField(named: name) != nil {
                    resolved = try IntrospectionObject.resolveRoot(name, arguments: arguments, schema: schema)
                } else {
                    resolved = try resolvers.resolve(name, of: value, arguments: arguments)
                }
            }
            return try completeValue(
                resolved, type: definition.type, field: "\(typeName).\(name)", fields: fields, path: path)
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
        let coercion = GraphQLInputCoercion(schema: schema, customScalars: customScalars)
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
    mutating func completeValue(
        _ value: GraphQLResolvedValue<Resolvers.Object>, type: TypeRef, field: String, fields: [Field],
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
            case .list(let allItems):
                var items = allItems
                if let stream = fields.first.flatMap({ activeDirective("stream", in: $0.directives) }) {
                    let initialCount = max(0, intArgument("initialCount", of: stream) ?? 0)
                    if initialCount < allItems.count {
                        items = Array(allItems.prefix(initialCount))
                        announce(
                            .stream(
                                items: Array(allItems.dropFirst(initialCount)), startIndex: initialCount,
                                itemType: itemType, field: field, fields: fields),
                            path: path, label: stringArgument("label", of: stream))
                    }
                }
                let completed = try completeItems(
                    items, startIndex: 0, itemType: itemType, field: field, fields: fields, listPath: path)
                return .array(completed)
            default:
                throw GraphQLFieldError("Expected Iterable, but did not find one for field \(field).")
            }
        case .named(let typeName):
            return try completeNamed(value, typeName: typeName, fields: fields, path: path)
        }
    }

    /// Completes a list's items from `startIndex` on (a field error of an item at its path; `NullPropagation` when a
    /// non-null item is `null`).
    mutating func completeItems(
        _ items: [GraphQLResolvedValue<Resolvers.Object>], startIndex: Int, itemType: TypeRef, field: String,
        fields: [Field], listPath: [GraphQLResponsePathComponent]
    ) throws(NullPropagation) -> [JSONValue] {
        var completed: [JSONValue] = []
        for (offset, item) in items.enumerated() {
            let itemPath = listPath + [.index(startIndex + offset)]
            do {
                completed.append(try completeValue(item, type: itemType, field: field, fields: fields, path: itemPath))
            } catch let error as GraphQLFieldError {
                errors.append(
                    GraphQLResponseError(
                        error.message, locations: fields.map(\.location), path: itemPath, extensions: error.extensions))
                if itemType.isNonNull { throw NullPropagation() }
                completed.append(.null)
            } catch {
                if itemType.isNonNull { throw NullPropagation() }
                completed.append(.null)
            }
        }
        return completed
    }

    private mutating func completeNamed(
        _ value: GraphQLResolvedValue<Resolvers.Object>, typeName: String, fields: [Field],
        path: [GraphQLResponsePathComponent]
    ) throws -> JSONValue {
        switch value {
        case .null:
            return .null
        case .object(let object):
            return try completeObject(.app(object), selectionSets: fields.compactMap(\.selectionSet), path: path)
        case .introspection(let object):
            return try completeObject(
                .introspection(object), selectionSets: fields.compactMap(\.selectionSet), path: path)
        case .int(let number):
            switch typeName {
            case "Int":
                guard number >= Int64(Int32.min), number <= Int64(Int32.max) else {
                    throw GraphQLFieldError("Int cannot represent non 32-bit signed integer value: \(number)")
                }
                return .int(number)
            case "Float":
                return .int(number)
            case "ID", "String":
                return .string(String(number))
            default:
                return integerScalarsAsStrings.contains(typeName) ? .string(String(number)) : .int(number)
            }
        case .double(let number):
            guard number.isFinite else {
                throw GraphQLFieldError("Float cannot represent non numeric value: \(number)")
            }
            return .number(number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)")
        case .string(let text):
            return .string(text)
        case .boolean(let flag):
            return .bool(flag)
        case .list:
            throw GraphQLFieldError("Expected a value of type \"\(typeName)\" but received a list.")
        }
    }
}
