import GraphQLParser

/// A generated operation type (`GameQuery`).
public struct OperationPlan: Sendable, Hashable {
    /// The operation's name (`Game`), sent as `operationName`.
    public var name: String
    /// The Swift type name (`GameQuery`).
    public var swiftName: String
    /// Query, mutation or subscription.
    public var operationType: OperationType
    /// The operation's signature for the doc comment: `query Game($id: ID!)`.
    public var signature: String
    /// The operation's description, if the document gives one.
    public var description: String?
    /// The operation, minified, without its fragments.
    public var minifiedText: String
    /// The Swift names of the fragments the operation uses, directly or through other fragments, sorted by name.
    public var fragments: [String]
    /// The variables, in definition order.
    public var variables: [InputValuePlan]
    /// The `Data` struct.
    public var data: SelectionSetPlan
    /// The file the operation is defined in (its last path component), for the generated header.
    public var sourceFile: String
    /// The selection tree for the client cache (queries, mutations and subscriptions).
    public var cache: CacheSelectionPlan?
    /// The variables' default values, as Swift expressions of `JSONValue`s, by variable name: the cache resolves a
    /// variable left out to its default, as the server does.
    public var cacheVariableDefaults: [String: String] = [:]

    /// Creates an operation plan.
    /// - Parameters:
    ///   - name: The operation name.
    ///   - swiftName: The Swift type name.
    ///   - operationType: The kind of operation.
    ///   - signature: The signature for the doc comment.
    ///   - description: The description.
    ///   - minifiedText: The minified operation.
    ///   - fragments: The fragments it uses, sorted.
    ///   - variables: The variables.
    ///   - data: The `Data` struct.
    ///   - sourceFile: The file it is defined in.
    public init(
        name: String, swiftName: String, operationType: OperationType, signature: String, description: String?,
        minifiedText: String, fragments: [String], variables: [InputValuePlan], data: SelectionSetPlan,
        sourceFile: String
    ) {
        self.name = name
        self.swiftName = swiftName
        self.operationType = operationType
        self.signature = signature
        self.description = description
        self.minifiedText = minifiedText
        self.fragments = fragments
        self.variables = variables
        self.data = data
        self.sourceFile = sourceFile
    }
}
