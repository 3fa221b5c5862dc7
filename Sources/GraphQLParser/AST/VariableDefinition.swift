/// A variable definition of an operation: `$name: Type = default @directive`.
public struct VariableDefinition: ASTNode {
    /// The description before the variable (September 2025 spec), if any.
    public var description: StringValue?

    /// The variable.
    public var variable: Variable

    /// The variable's type.
    public var type: TypeReference

    /// The default value (a constant value), if any.
    public var defaultValue: Value?

    /// The directives (constant arguments only).
    public var directives: [Directive]

    /// Where the definition starts.
    public var location: SourceLocation

    /// Creates a variable definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - variable: The variable.
    ///   - type: The variable's type.
    ///   - defaultValue: The default value, if any.
    ///   - directives: The directives.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        variable: Variable,
        type: TypeReference,
        defaultValue: Value? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}
