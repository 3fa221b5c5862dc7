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

    /// Creates the metadata of a selection set.
    public init(
        typeName: String?, _ fields: [GraphQLFieldMetadata], conditions: [GraphQLTypeConditionMetadata] = []
    ) {
        self.typeName = typeName
        self.fields = fields
        self.conditions = conditions
        self.unconditionalFields =
            conditions.isEmpty ? Self.merge(fields, conditions: [], forType: nil).map(CollectedField.init) : nil
        var types: Set<String> = []
        func gather(_ conditions: [GraphQLTypeConditionMetadata]) {
            for condition in conditions {
                types.formUnion(condition.possibleTypes)
                gather(condition.selections.conditions)
            }
        }
        gather(conditions)
        self.conditionTypes = types
    }

    /// The fields that apply to an object of type `typeName`: ``collectFields(forType:)``, computed once when it
    /// does not depend on the type.
    func fields(forType typeName: String?) -> [CollectedField] {
        if let unconditionalFields { return unconditionalFields }
        let key = typeName.flatMap { conditionTypes.contains($0) ? $0 : nil }
        return fieldsByType.fields(forType: key) { collectFields(forType: key).map(CollectedField.init) }
    }

    /// How many types' merged fields ``fields(forType:)`` keeps (for tests).
    var keptFieldListCount: Int { fieldsByType.count }

    /// The fields that apply to an object of type `typeName` (`nil`: unknown, only unconditional fields),
    /// merged by response key: a field selected twice (directly and in a fragment) is one field whose
    /// sub-selections are all of those selected.
    func collectFields(forType typeName: String?) -> [(
        field: GraphQLFieldMetadata, selections: [GraphQLSelectionSetMetadata]
    )] {
        Self.merge(fields, conditions: conditions, forType: typeName)
    }

    private static func merge(
        _ fields: [GraphQLFieldMetadata], conditions: [GraphQLTypeConditionMetadata], forType typeName: String?
    ) -> [(field: GraphQLFieldMetadata, selections: [GraphQLSelectionSetMetadata])] {
        var order: [String] = []
        var byKey: [String: (field: GraphQLFieldMetadata, selections: [GraphQLSelectionSetMetadata])] = [:]
        func add(_ fields: [GraphQLFieldMetadata], _ conditions: [GraphQLTypeConditionMetadata]) {
            for field in fields {
                if var existing = byKey[field.responseKey] {
                    if let selections = field.selections { existing.selections.append(selections) }
                    byKey[field.responseKey] = existing
                } else {
                    order.append(field.responseKey)
                    byKey[field.responseKey] = (field, field.selections.map { [$0] } ?? [])
                }
            }
            for condition in conditions where typeName.map(condition.possibleTypes.contains) ?? false {
                add(condition.selections.fields, condition.selections.conditions)
            }
        }
        add(fields, conditions)
        return order.compactMap { byKey[$0] }
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

/// A field of ``GraphQLSelectionSetMetadata/collectFields(forType:)``, with what reading it needs computed once.
final class CollectedField: Sendable {
    let field: GraphQLFieldMetadata
    /// Its sub-selections, merged from every place it is selected.
    let selections: [GraphQLSelectionSetMetadata]
    /// The key in the response.
    let responseKey: String
    /// Its cache key when it does not depend on the variables (no arguments).
    let constantCacheKey: String?
    /// Whether it is selected whatever the variables (no `@include` or `@skip`).
    let alwaysSelected: Bool
    /// `"responseKey":`, as JSON.
    let memberPrefix: [UInt8]

    init(_ collected: (field: GraphQLFieldMetadata, selections: [GraphQLSelectionSetMetadata])) {
        field = collected.field
        selections = collected.selections
        responseKey = collected.field.responseKey
        alwaysSelected = collected.field.includeIf.isEmpty && collected.field.skipIf.isEmpty
        constantCacheKey =
            collected.field.arguments.isEmpty && collected.field.argumentDefaults.isEmpty
            ? collected.field.name : nil
        var prefix: [UInt8] = []
        JSONStringWriter.write(collected.field.responseKey, to: &prefix)
        prefix.append(UInt8(ascii: ":"))
        memberPrefix = prefix
    }

    /// Whether it is selected with these variables.
    func isSelected(variables: [String: JSONValue]) -> Bool {
        alwaysSelected || field.isSelected(variables: variables)
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

    /// The field's key in a cache record: its name, then its arguments as the server coerces them, keys sorted, as
    /// compact JSON (`draws({"gameId":"6x45","last":10})`): variables resolved (as coerced: a variable's default when
    /// it was left out), and an argument left out, or given a variable that was left out, takes its schema default.
    /// An argument with neither is left out, as the server leaves it out; an explicit `null` is kept.
    func cacheKey(variables: [String: JSONValue]) -> String {
        guard !arguments.isEmpty || !argumentDefaults.isEmpty else { return name }
        var resolved: [String: JSONValue] = argumentDefaults
        for (argument, value) in arguments {
            if let json = value.resolved(variables: variables) { resolved[argument] = json }
        }
        guard !resolved.isEmpty else { return name }
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count + 48)
        key.append(contentsOf: name.utf8)
        key.append(UInt8(ascii: "("))
        JSONValue.object(resolved).writeJSONText(to: &key)
        key.append(UInt8(ascii: ")"))
        return String(decoding: key, as: UTF8.self)
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
            var resolved: [String: JSONValue] = [:]
            for (name, value) in members {
                if let json = value.resolved(variables: variables) { resolved[name] = json }
            }
            return .object(resolved)
        }
    }
}
