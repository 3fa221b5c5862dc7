/// A cache redirect of a root query field, checked against the schema (`GraphQLFieldPolicy` at run time): the
/// object type it returns, the arguments holding that type's key fields in order, and for a list field the one
/// key argument that is a list.
public struct FieldPolicyPlan: Sendable, Hashable {
    /// The object type the field returns (its items' type for a list).
    public var typeName: String
    /// The arguments holding the type's key fields, in their order.
    public var keyArguments: [String]
    /// For a field returning a list: the key argument whose value is a list.
    public var listArgument: String?

    /// Creates a field policy plan.
    public init(typeName: String, keyArguments: [String], listArgument: String? = nil) {
        self.typeName = typeName
        self.keyArguments = keyArguments
        self.listArgument = listArgument
    }
}
