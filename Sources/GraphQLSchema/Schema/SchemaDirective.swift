import GraphQLParser

/// A directive the schema defines, such as the built-in `@skip`, `@include`, `@deprecated`, `@specifiedBy` and
/// `@oneOf`, or one from a `directive @name ... on ...` definition.
public final class SchemaDirective: Sendable {
    /// The name, without the `@`.
    public let name: String

    /// The description, if any.
    public let description: String?

    /// The arguments, in definition order.
    public let arguments: [SchemaInputValue]

    /// Where the directive may be applied.
    public let locations: [DirectiveLocation]

    /// Whether the directive may be applied more than once at one place.
    public let isRepeatable: Bool

    /// Whether this is one of the directives every schema has (`@skip`, `@include`, `@deprecated`,
    /// `@specifiedBy`, `@oneOf`) and the schema does not define it itself.
    public let isBuiltIn: Bool

    /// The definition in the schema document; `nil` for built-in directives.
    public let definition: DirectiveDefinition?

    private let argumentsByName: [String: SchemaInputValue]

    /// Creates a directive.
    /// - Parameters:
    ///   - name: The name, without the `@`.
    ///   - description: The description.
    ///   - arguments: The arguments, in order.
    ///   - locations: Where it may be applied.
    ///   - isRepeatable: Whether it may be repeated at one place.
    ///   - isBuiltIn: Whether it is a built-in directive.
    ///   - definition: The definition in the schema document.
    public init(
        name: String,
        description: String? = nil,
        arguments: [SchemaInputValue] = [],
        locations: [DirectiveLocation],
        isRepeatable: Bool = false,
        isBuiltIn: Bool = false,
        definition: DirectiveDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.locations = locations
        self.isRepeatable = isRepeatable
        self.isBuiltIn = isBuiltIn
        self.definition = definition
        var byName: [String: SchemaInputValue] = [:]
        for argument in arguments where byName[argument.name] == nil {
            byName[argument.name] = argument
        }
        self.argumentsByName = byName
    }

    /// The argument with the given name, if any.
    /// - Parameter name: The argument name.
    /// - Returns: The argument definition.
    public func argument(named name: String) -> SchemaInputValue? {
        argumentsByName[name]
    }

    /// Where the definition is (`SourceLocation.unknown` for built-in directives).
    public var location: SourceLocation { definition?.location ?? .unknown }
}
