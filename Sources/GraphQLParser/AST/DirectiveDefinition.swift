/// A directive definition: `directive @name(arguments) repeatable on LOCATION | LOCATION`.
public struct DirectiveDefinition: ASTNode {
    /// The description, if any.
    public var description: StringValue?

    /// The directive name, without the `@`.
    public var name: Name

    /// The argument definitions.
    public var arguments: [InputValueDefinition]

    /// Directives applied to the definition itself, between the arguments and `repeatable` (accepted by
    /// graphql-core 3.3; not in the September 2025 spec).
    public var directives: [Directive]

    /// Whether the directive may appear more than once at one place.
    public var isRepeatable: Bool

    /// The locations as written (each one of the ``DirectiveLocation`` raw values).
    public var locations: [Name]

    /// Where the definition starts (its description or `directive`).
    public var location: SourceLocation

    /// Creates a directive definition.
    /// - Parameters:
    ///   - description: The description, if any.
    ///   - name: The directive name.
    ///   - arguments: The argument definitions.
    ///   - directives: Directives on the definition itself.
    ///   - isRepeatable: Whether the directive is repeatable.
    ///   - locations: The locations.
    ///   - location: Where the definition starts.
    public init(
        description: StringValue? = nil,
        name: Name,
        arguments: [InputValueDefinition] = [],
        directives: [Directive] = [],
        isRepeatable: Bool = false,
        locations: [Name],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }

    /// The locations as ``DirectiveLocation`` values (the parser only accepts known locations).
    public var directiveLocations: [DirectiveLocation] {
        locations.compactMap { DirectiveLocation(rawValue: $0.value) }
    }
}
