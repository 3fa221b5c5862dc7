/// A schema definition: `schema @directives { query: Query mutation: Mutation }`.
public struct SchemaDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The directives.
    public var directives: [Directive]

    /// The root operation types (at least one).
    public var operationTypes: [OperationTypeDefinition]

    /// Where the definition starts (its description or `schema`).
    public var location: SourceLocation

    /// Creates a schema definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - directives: The directives.
    ///   - operationTypes: The root operation types.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        directives: [Directive] = [],
        operationTypes: [OperationTypeDefinition],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}
