/// An operation: `query`, `mutation` or `subscription` with optional name, variables and directives, or the
/// `{ ... }` shorthand for an anonymous query.
public struct OperationDefinition: ASTNode {
    /// The kind of operation (`query` for the shorthand form).
    public var operation: OperationType

    /// The description before the operation keyword (September 2025 spec), if any.
    public var description: StringValue?

    /// The operation name, `nil` for anonymous operations.
    public var name: Name?

    /// The variable definitions, `($id: ID!, ...)`.
    public var variableDefinitions: [VariableDefinition]

    /// The directives after the name and variables.
    public var directives: [Directive]

    /// The selected fields.
    public var selectionSet: SelectionSet

    /// Where the operation starts (its description or keyword, or `{` for the shorthand).
    public var location: SourceLocation

    /// Creates an operation definition.
    /// - Parameters:
    ///   - operation: The kind of operation.
    ///   - description: The description, if any.
    ///   - name: The name, `nil` for anonymous operations.
    ///   - variableDefinitions: The variable definitions.
    ///   - directives: The directives.
    ///   - selectionSet: The selected fields.
    ///   - location: Where the operation starts.
    public init(
        operation: OperationType,
        description: StringValue? = nil,
        name: Name? = nil,
        variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [],
        selectionSet: SelectionSet,
        location: SourceLocation = .unknown
    ) {
        self.operation = operation
        self.description = description
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
