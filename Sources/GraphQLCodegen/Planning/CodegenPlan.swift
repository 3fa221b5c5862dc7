/// Everything to generate for a set of documents: the planner's output and the renderer's input.
public struct CodegenPlan: Sendable, Hashable {
    /// The operations, sorted by Swift name.
    public var operations: [OperationPlan]
    /// The fragments, sorted by Swift name.
    public var fragments: [FragmentPlan]
    /// The enums the operations use (in fields, variables or input objects), sorted by Swift name.
    public var enums: [EnumPlan]
    /// The input objects the operations' variables use, directly or through other input objects, sorted by name.
    public var inputObjects: [InputObjectPlan]
    /// The access level of the declarations.
    public var accessLevel: AccessLevel
    /// Key fields and lifetimes for the client cache, emitted with each operation's cache metadata.
    public var cache = CacheConfiguration()
    /// The cache redirects of the query root's fields, by field name (``CacheConfiguration/fieldPolicies`` checked
    /// against the schema).
    public var fieldPolicies: [String: FieldPolicyPlan] = [:]
    /// The list policies of the query root's paginated fields, by field name (``CacheConfiguration/listPolicies``
    /// checked against the schema).
    public var listPolicies: [String: ListPolicyConfiguration] = [:]
    /// The list policies of the paginated fields of other types (`User.friends`), by object type name then field name:
    /// an interface's policy given to each object type implementing it (unless that type has one of its own).
    public var objectListPolicies: [String: [String: ListPolicyConfiguration]] = [:]
    /// The name of the schema's query root type (`nil` when it has none): an operation that can meet an object of it
    /// below its root (a mutation payload's `query: Query!`) says so in its cache metadata.
    public var queryTypeName: String?
    /// Whether an object of the query root type can be the value of a field of an abstract type (the query type
    /// implements an interface or is a union's member).
    public var queryTypeIsAbstractMember = false

    /// Creates a plan.
    /// - Parameters:
    ///   - operations: The operations.
    ///   - fragments: The fragments.
    ///   - enums: The enums.
    ///   - inputObjects: The input objects.
    ///   - accessLevel: The access level.
    public init(
        operations: [OperationPlan] = [], fragments: [FragmentPlan] = [], enums: [EnumPlan] = [],
        inputObjects: [InputObjectPlan] = [], accessLevel: AccessLevel = .public
    ) {
        self.operations = operations
        self.fragments = fragments
        self.enums = enums
        self.inputObjects = inputObjects
        self.accessLevel = accessLevel
    }
}
