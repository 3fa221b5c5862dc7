/// A root operation type of a schema definition or extension: `query: Query`.
public struct OperationTypeDefinition: ASTNode {
    /// The operation kind.
    public var operation: OperationType

    /// The root type for that operation kind.
    public var type: NamedType

    /// Where it starts (the operation keyword).
    public var location: SourceLocation

    /// Creates a root operation type definition.
    /// - Parameters:
    ///   - operation: The operation kind.
    ///   - type: The root type.
    ///   - location: Where it starts.
    public init(operation: OperationType, type: NamedType, location: SourceLocation = .unknown) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}
