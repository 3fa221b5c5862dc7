/// A schema extension: `extend schema @directives { mutation: Mutation }`.
public struct SchemaExtension: ASTNode {
    /// The added directives.
    public var directives: [Directive]

    /// The added root operation types.
    public var operationTypes: [OperationTypeDefinition]

    /// Where the extension starts (`extend`).
    public var location: SourceLocation

    /// Creates a schema extension.
    /// - Parameters:
    ///   - directives: The added directives.
    ///   - operationTypes: The added root operation types.
    ///   - location: Where the extension starts.
    public init(
        directives: [Directive] = [],
        operationTypes: [OperationTypeDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}
