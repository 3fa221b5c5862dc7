import GraphQLParser

/// An argument of a field or directive, or a field of an input object type.
public final class SchemaInputValue: Sendable {
    /// The name.
    public let name: String

    /// The description, if any.
    public let description: String?

    /// The type.
    public let type: TypeRef

    /// The default value as written in the schema, if any (a constant value).
    public let defaultValue: Value?

    /// The reason given by `@deprecated`, or `nil` when the input value is not deprecated.
    public let deprecationReason: String?

    /// The directives applied to the definition.
    public let directives: [Directive]

    /// The definition in the schema document; `nil` for built-in definitions made in code.
    public let definition: InputValueDefinition?

    /// Creates an input value.
    /// - Parameters:
    ///   - name: The name.
    ///   - description: The description.
    ///   - type: The type.
    ///   - defaultValue: The default value, if any.
    ///   - deprecationReason: The deprecation reason, if deprecated.
    ///   - directives: The applied directives.
    ///   - definition: The definition in the schema document.
    public init(
        name: String,
        description: String? = nil,
        type: TypeRef,
        defaultValue: Value? = nil,
        deprecationReason: String? = nil,
        directives: [Directive] = [],
        definition: InputValueDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.definition = definition
    }

    /// Whether a value must be given: the type is non-null and there is no default value.
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }

    /// Whether `@deprecated` is applied.
    public var isDeprecated: Bool { deprecationReason != nil }

    /// Where the definition is (`SourceLocation.unknown` for built-in definitions).
    public var location: SourceLocation { definition?.location ?? .unknown }
}
