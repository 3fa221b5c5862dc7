import Foundation
import GraphQLBridgeSupport

/// What the code generator knows of a selection set, for the cache: its fields (with arguments) and its
/// type conditions. Generated code builds these once, as static values; the runtime never parses a document.
public final class GraphQLSelectionSetMetadata: Sendable {
    /// The object type of the selection set when it is known statically (`Game`); `nil` on an interface or
    /// union, where the response's `__typename` (which the generator always selects there) tells.
    public let typeName: String?
    /// The fields selected whatever the object's type.
    public let fields: [GraphQLFieldMetadata]
    /// Selections that apply only to some types (inline fragments and fragment spreads on other types).
    public let conditions: [GraphQLTypeConditionMetadata]
    /// ``collectFields(forType:)`` of a selection set without type conditions, which does not depend on the type:
    /// merged once here rather than on every read of the cache.
    let unconditionalFields: [CollectedField]?
    /// ``collectFields(forType:)`` by type name, for a selection set with type conditions: merged once per type.
    private let fieldsByType = FieldsByType()
    /// The type names its conditions (and theirs, nested) apply to: any other type gets the unconditional fields
    /// only, so whatever `__typename` a response holds, ``fieldsByType`` keeps at most these and `nil`.
    private let conditionTypes: Set<String>
    /// Where a response holds the object's `__typename`: the response key of the `__typename` field selected
    /// whatever the type (its alias, if any); `nil` when none is and another field has the response key
    /// `__typename` (`__typename: name`), here or in a type condition; else `__typename`.
    let typeNameResponseKey: String?

    /// Creates the metadata of a selection set.
    public init(
        typeName: String?, _ fields: [GraphQLFieldMetadata], conditions: [GraphQLTypeConditionMetadata] = []
    ) {
        self.typeName = typeName
        self.fields = fields
        self.conditions = conditions
        self.unconditionalFields = conditions.isEmpty ? Self.merge(fields, conditions: [], forType: nil) : nil
        var types: Set<String> = []
        func gather(_ conditions: [GraphQLTypeConditionMetadata]) {
            for condition in conditions {
                types.formUnion(condition.possibleTypes)
                gather(condition.selections.conditions)
            }
        }
        gather(conditions)
        self.conditionTypes = types
        if let field = fields.first(where: { $0.name == "__typename" }) {
            typeNameResponseKey = field.responseKey
        } else {
            func aliasesTypeName(_ fields: [GraphQLFieldMetadata], _ conditions: [GraphQLTypeConditionMetadata]) -> Bool
            {
                fields.contains { $0.responseKey == "__typename" && $0.name != "__typename" }
                    || conditions.contains { aliasesTypeName($0.selections.fields, $0.selections.conditions) }
            }
            typeNameResponseKey = aliasesTypeName(fields, conditions) ? nil : "__typename"
        }
    }

    /// The fields that apply to an object of type `typeName`: ``collectFields(forType:)``, computed once when it
    /// does not depend on the type.
    func fields(forType typeName: String?) -> [CollectedField] {
        if let unconditionalFields { return unconditionalFields }
        let key = typeName.flatMap { conditionTypes.contains($0) ? $0 : nil }
        return fieldsByType.fields(forType: key) { collectFields(forType: key) }
    }

    /// How many types' merged fields ``fields(forType:)`` keeps (for tests).
    var keptFieldListCount: Int { fieldsByType.count }

    /// The fields that apply to an object of type `typeName` (`nil`: unknown, only unconditional fields), merged
    /// by response key as the spec's field collection merges them: a field selected in several places (directly,
    /// in fragments, in type conditions) is one field, selected when any of its places is selected with the
    /// variables, whose sub-selection is all of theirs (each place's `@include`/`@skip` kept on what it selects).
    func collectFields(forType typeName: String?) -> [CollectedField] {
        Self.merge(fields, conditions: conditions, forType: typeName)
    }

    private static func merge(
        _ fields: [GraphQLFieldMetadata], conditions: [GraphQLTypeConditionMetadata], forType typeName: String?
    ) -> [CollectedField] {
        var order: [String] = []
        var byKey: [String: [GraphQLFieldMetadata]] = [:]
        func add(_ fields: [GraphQLFieldMetadata], _ conditions: [GraphQLTypeConditionMetadata]) {
            for field in fields {
                if byKey[field.responseKey] == nil { order.append(field.responseKey) }
                byKey[field.responseKey, default: []].append(field)
            }
            for condition in conditions where typeName.map(condition.possibleTypes.contains) ?? false {
                add(condition.selections.fields, condition.selections.conditions)
            }
        }
        add(fields, conditions)
        // The field names selected under more than one response key (`a: name` and `b: name`): only those fields may
        // write one record field twice.
        var responseKeysByName: [String: Int] = [:]
        for key in order { if let name = byKey[key]?.first?.name { responseKeysByName[name, default: 0] += 1 } }
        var merged: [CollectedField] = []
        merged.reserveCapacity(order.count)
        for key in order {
            guard let places = byKey[key], let first = places.first else { continue }
            merged.append(
                CollectedField(
                    first, others: Array(places.dropFirst()), sharesName: responseKeysByName[first.name, default: 0] > 1
                ))
        }
        return merged
    }

    /// This selection set with `includeIf` and `skipIf` added to the conditions of each of its fields (and of its
    /// type conditions' fields): what a field's sub-selection selects when the field is selected in that place only.
    func adding(includeIf: [String], skipIf: [String]) -> GraphQLSelectionSetMetadata {
        guard !includeIf.isEmpty || !skipIf.isEmpty else { return self }
        return GraphQLSelectionSetMetadata(
            typeName: typeName, fields.map { $0.adding(includeIf: includeIf, skipIf: skipIf) },
            conditions: conditions.map {
                GraphQLTypeConditionMetadata(
                    possibleTypes: $0.possibleTypes, $0.selections.adding(includeIf: includeIf, skipIf: skipIf))
            })
    }
}

/// The fields of a selection set with type conditions, merged for each type name met (a bounded set: the schema's
/// possible types).
private final class FieldsByType: Sendable {
    private struct State {
        var byType: [String: [CollectedField]] = [:]
        var unknownType: [CollectedField]?
    }
    private let state = Locked(State())

    /// How many type names (and `nil`) have their fields kept (for tests).
    var count: Int { state.withLock { $0.byType.count + ($0.unknownType == nil ? 0 : 1) } }

    /// The fields for `typeName`, made by `make` the first time.
    func fields(forType typeName: String?, make: () -> [CollectedField]) -> [CollectedField] {
        if let known = state.withLock({ state in typeName.map { state.byType[$0] } ?? state.unknownType }) {
            return known
        }
        let fields = make()
        state.withLock { state in
            if let typeName { state.byType[typeName] = fields } else { state.unknownType = fields }
        }
        return fields
    }
}

/// A field of ``GraphQLSelectionSetMetadata/collectFields(forType:)``: every place of one response key merged, with
/// what reading it needs computed once.
final class CollectedField: Sendable {
    /// Its first place (its name, arguments and alias: the same in every place of a valid document).
    let field: GraphQLFieldMetadata
    /// Its sub-selection, merged from every place it is selected (each place's conditions kept on the fields it
    /// selects, when the places' conditions differ); `nil` for a leaf.
    let selections: GraphQLSelectionSetMetadata?
    /// The key in the response.
    let responseKey: String
    /// The field's name in the schema (``field``'s, kept apart: read without copying ``field``).
    let name: String
    /// Its cache key when it does not depend on the variables (no arguments).
    let constantCacheKey: String?
    /// Whether it is selected whatever the variables (one of its places has no `@include` or `@skip`).
    let alwaysSelected: Bool
    /// Its places' distinct conditions, when none is unconditional: it is selected when any of them holds.
    private let alternatives: [GraphQLFieldMetadata]
    /// `"responseKey":`, as JSON.
    let memberPrefix: [UInt8]
    /// Whether another field of its selection (another response key) has the same name: two such fields may have one
    /// cache key (``CacheNormalizer`` then checks their keys).
    let sharesName: Bool

    /// The field selected at `first`, and at `others` under the same response key; `sharesName`: another response key
    /// of the same selection selects a field of the same name.
    init(_ first: GraphQLFieldMetadata, others: [GraphQLFieldMetadata] = [], sharesName: Bool = false) {
        field = first
        self.sharesName = sharesName
        responseKey = first.responseKey
        name = first.name
        let places = [first] + others
        alwaysSelected = places.contains { $0.includeIf.isEmpty && $0.skipIf.isEmpty }
        var alternatives: [GraphQLFieldMetadata] = []
        if !alwaysSelected {
            for place in places
            where !alternatives.contains(where: { $0.includeIf == place.includeIf && $0.skipIf == place.skipIf }) {
                alternatives.append(place)
            }
        }
        self.alternatives = alternatives
        selections = Self.mergedSelections(of: places)
        constantCacheKey = first.arguments.isEmpty && first.argumentDefaults.isEmpty ? first.name : nil
        var prefix: [UInt8] = []
        JSONStringWriter.write(first.responseKey, to: &prefix)
        prefix.append(UInt8(ascii: ":"))
        memberPrefix = prefix
    }

    /// The sub-selections of `places`, as one selection set: each place's own when they all have the same
    /// conditions (the field is selected exactly when each of them is), else each with its place's conditions added.
    private static func mergedSelections(of places: [GraphQLFieldMetadata]) -> GraphQLSelectionSetMetadata? {
        let withSelections = places.filter { $0.selections != nil }
        guard let first = withSelections.first, let firstSet = first.selections else { return nil }
        guard withSelections.count > 1 else { return firstSet }
        let sameConditions = places.allSatisfy { $0.includeIf == first.includeIf && $0.skipIf == first.skipIf }
        var fields: [GraphQLFieldMetadata] = []
        var conditions: [GraphQLTypeConditionMetadata] = []
        for place in withSelections {
            guard var set = place.selections else { continue }
            if !sameConditions { set = set.adding(includeIf: place.includeIf, skipIf: place.skipIf) }
            fields += set.fields
            conditions += set.conditions
        }
        let typeName = withSelections.lazy.compactMap { $0.selections?.typeName }.first
        return GraphQLSelectionSetMetadata(typeName: typeName, fields, conditions: conditions)
    }

    /// Whether it is selected with these variables.
    func isSelected(variables: [String: JSONValue]) -> Bool {
        alwaysSelected || alternatives.contains { $0.isSelected(variables: variables) }
    }

    /// Its key in a cache record.
    func cacheKey(variables: [String: JSONValue]) -> String {
        constantCacheKey ?? field.cacheKey(variables: variables)
    }
}

/// One selected field.
public struct GraphQLFieldMetadata: Sendable {
    /// The key in the response: the alias, or the field's name.
    public let responseKey: String
    /// The field's name in the schema.
    public let name: String
    /// The arguments as written, variables unresolved; empty for none.
    public let arguments: [String: GraphQLArgumentValue]
    /// The schema's default values of the field's arguments that the document leaves out, or gives as a variable
    /// (which may be left out): the server executes the field with them, so they are part of its key.
    public let argumentDefaults: [String: JSONValue]
    /// The sub-selection of an object or list of objects; `nil` for a leaf.
    public let selections: GraphQLSelectionSetMetadata?
    /// Variables that must be `true` for the field to be selected (`@include(if: $v)`).
    public let includeIf: [String]
    /// Variables that must be `false` for the field to be selected (`@skip(if: $v)`).
    public let skipIf: [String]

    /// Creates the metadata of a field.
    public init(
        _ name: String, alias: String? = nil, arguments: [String: GraphQLArgumentValue] = [:],
        argumentDefaults: [String: JSONValue] = [:], includeIf: [String] = [], skipIf: [String] = [],
        selections: GraphQLSelectionSetMetadata? = nil
    ) {
        self.responseKey = alias ?? name
        self.name = name
        self.arguments = arguments
        self.argumentDefaults = argumentDefaults
        self.selections = selections
        self.includeIf = includeIf
        self.skipIf = skipIf
    }

    /// Whether the field is selected with these variables (as coerced: ``GraphQLCacheMetadata/coercedVariables(_:)``).
    func isSelected(variables: [String: JSONValue]) -> Bool {
        includeIf.allSatisfy { variables[$0] == .bool(true) } && skipIf.allSatisfy { variables[$0] != .bool(true) }
    }

    /// This field with `includeIf` and `skipIf` added to its own conditions.
    func adding(includeIf: [String], skipIf: [String]) -> GraphQLFieldMetadata {
        GraphQLFieldMetadata(
            name, alias: responseKey == name ? nil : responseKey, arguments: arguments,
            argumentDefaults: argumentDefaults, includeIf: self.includeIf + includeIf, skipIf: self.skipIf + skipIf,
            selections: selections)
    }

    /// The field's key in a cache record: its name, then its arguments as the server coerces them, keys sorted, as
    /// compact JSON (`draws({"gameId":"6x45","last":10})`): variables resolved (as coerced: a variable's default when
    /// it was left out), and an argument left out, or given a variable that was left out, takes its schema default.
    /// An argument with neither is left out, as the server leaves it out; an explicit `null` is kept. Every character
    /// that is not ASCII is escaped (``CacheKey/escapingNonASCII(_:)``): two arguments the server tells apart are two
    /// keys.
    func cacheKey(variables: [String: JSONValue]) -> String {
        guard !arguments.isEmpty || !argumentDefaults.isEmpty else { return name }
        let resolved = resolvedArguments(variables: variables)
        guard !resolved.isEmpty else { return name }
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count + 48)
        key.append(contentsOf: name.utf8)
        key.append(UInt8(ascii: "("))
        JSONValue.writeObjectText(resolved, to: &key)
        key.append(UInt8(ascii: ")"))
        if key.contains(where: { $0 >= 0x80 }) { key = CacheKey.escapingNonASCII(key) }
        return String(decoding: key, as: UTF8.self)
    }
}

extension GraphQLFieldMetadata {
    /// The arguments as the server executes the field: variables resolved, schema defaults applied (see
    /// ``cacheKey(variables:)``).
    func resolvedArguments(variables: [String: JSONValue]) -> [String: JSONValue] {
        var resolved: [String: JSONValue] = argumentDefaults
        for (argument, value) in arguments {
            if let json = value.resolved(variables: variables) { resolved[argument] = json }
        }
        return resolved
    }
}

/// Selections that apply only to objects of some types.
public struct GraphQLTypeConditionMetadata: Sendable {
    /// The object types the condition matches (the possible types of its type condition).
    public let possibleTypes: Set<String>
    /// What is selected for them.
    public let selections: GraphQLSelectionSetMetadata

    /// Creates a type condition.
    public init(possibleTypes: Set<String>, _ selections: GraphQLSelectionSetMetadata) {
        self.possibleTypes = possibleTypes
        self.selections = selections
    }
}

/// An argument's value as written in the document.
public indirect enum GraphQLArgumentValue: Sendable, Hashable {
    /// A literal (enum values as strings).
    case literal(JSONValue)
    /// A variable, by name (without `$`).
    case variable(String)
    /// A list with variables inside.
    case list([GraphQLArgumentValue])
    /// An input object with variables inside.
    case object([String: GraphQLArgumentValue])

    /// The value with variables replaced; `nil` for a variable that was not given.
    func resolved(variables: [String: JSONValue]) -> JSONValue? {
        switch self {
        case .literal(let value): return value
        case .variable(let name): return variables[name]
        case .list(let items): return .array(items.map { $0.resolved(variables: variables) ?? .null })
        case .object(let members):
            var resolved = JSONObject()
            for (name, value) in members {
                if let json = value.resolved(variables: variables) { resolved[name] = json }
            }
            return .object(resolved)
        }
    }
}
