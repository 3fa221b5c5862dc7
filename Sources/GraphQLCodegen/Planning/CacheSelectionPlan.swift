/// The cache metadata of a selection set, as the generator emits it (`GraphQLSelectionSetMetadata`).
public struct CacheSelectionPlan: Sendable, Hashable {
    /// The object type when known statically; `nil` on an interface or union.
    public var typeName: String?
    /// The fields selected whatever the type.
    public var fields: [CacheFieldPlan]
    /// Selections on some possible types only.
    public var conditions: [CacheConditionPlan]

    /// Creates a plan.
    public init(typeName: String?, fields: [CacheFieldPlan] = [], conditions: [CacheConditionPlan] = []) {
        self.typeName = typeName
        self.fields = fields
        self.conditions = conditions
    }
}

/// One selected field, for the cache.
public struct CacheFieldPlan: Sendable, Hashable {
    /// The field's name.
    public var name: String
    /// Its alias, if any.
    public var alias: String?
    /// Its arguments by name (sorted when rendered).
    public var arguments: [String: CacheArgumentPlan]
    /// The schema's default values of its arguments that the document leaves out or gives as a variable (which may
    /// be left out), as Swift expressions of `JSONValue`s.
    public var argumentDefaults: [String: String] = [:]
    /// Its sub-selection.
    public var selections: CacheSelectionPlan?
    /// `@include(if: $v)` variables.
    public var includeIf: [String]
    /// `@skip(if: $v)` variables.
    public var skipIf: [String]

    /// Creates a field plan.
    public init(
        name: String, alias: String?, arguments: [String: CacheArgumentPlan], selections: CacheSelectionPlan?,
        includeIf: [String], skipIf: [String]
    ) {
        self.name = name
        self.alias = alias
        self.arguments = arguments
        self.selections = selections
        self.includeIf = includeIf
        self.skipIf = skipIf
    }
}

/// Selections on some object types only.
public struct CacheConditionPlan: Sendable, Hashable {
    /// The object types it applies to, sorted.
    public var possibleTypes: [String]
    /// The selections.
    public var selections: CacheSelectionPlan

    /// Creates a condition plan.
    public init(possibleTypes: [String], selections: CacheSelectionPlan) {
        self.possibleTypes = possibleTypes
        self.selections = selections
    }
}

/// An argument value, for the cache (`GraphQLArgumentValue`): a literal as JSON text, a variable, or a list or
/// object holding variables.
public indirect enum CacheArgumentPlan: Sendable, Hashable {
    /// A constant, as the Swift expression of a `JSONValue`.
    case literal(String)
    /// A variable by name.
    case variable(String)
    /// A list with variables.
    case list([CacheArgumentPlan])
    /// An input object with variables.
    case object([String: CacheArgumentPlan])
}
