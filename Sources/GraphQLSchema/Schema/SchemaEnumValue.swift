import GraphQLParser

/// A value of an enum type.
public struct SchemaEnumValue: Sendable {
    /// The name, as written in documents and JSON.
    public let name: String

    /// The description, if any.
    public let description: String?

    /// The reason given by `@deprecated`, or `nil` when the value is not deprecated.
    public let deprecationReason: String?

    /// The directives applied to the definition.
    public let directives: [Directive]

    /// The definition in the schema document; `nil` for built-in definitions made in code.
    public let definition: EnumValueDefinition?

    /// Creates an enum value.
    /// - Parameters:
    ///   - name: The name.
    ///   - description: The description.
    ///   - deprecationReason: The deprecation reason, if deprecated.
    ///   - directives: The applied directives.
    ///   - definition: The definition in the schema document.
    public init(
        name: String,
        description: String? = nil,
        deprecationReason: String? = nil,
        directives: [Directive] = [],
        definition: EnumValueDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.definition = definition
    }

    /// Whether `@deprecated` is applied.
    public var isDeprecated: Bool { deprecationReason != nil }

    /// Where the definition is (`SourceLocation.unknown` for built-in definitions).
    public var location: SourceLocation { definition?.location ?? .unknown }
}
