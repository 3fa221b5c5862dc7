import GraphQLParser

/// A field of an object or interface type.
public final class SchemaField: Sendable {
    /// The name.
    public let name: String

    /// The description, if any.
    public let description: String?

    /// The arguments, in definition order.
    public let arguments: [SchemaInputValue]

    /// The type of the field's value.
    public let type: TypeRef

    /// The reason given by `@deprecated`, or `nil` when the field is not deprecated.
    public let deprecationReason: String?

    /// The directives applied to the definition.
    public let directives: [Directive]

    /// The definition in the schema document; `nil` for built-in definitions made in code.
    public let definition: FieldDefinition?

    private let argumentsByName: [String: SchemaInputValue]

    /// Creates a field.
    /// - Parameters:
    ///   - name: The name.
    ///   - description: The description.
    ///   - arguments: The arguments, in order.
    ///   - type: The type.
    ///   - deprecationReason: The deprecation reason, if deprecated.
    ///   - directives: The applied directives.
    ///   - definition: The definition in the schema document.
    public init(
        name: String,
        description: String? = nil,
        arguments: [SchemaInputValue] = [],
        type: TypeRef,
        deprecationReason: String? = nil,
        directives: [Directive] = [],
        definition: FieldDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
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

    /// Whether `@deprecated` is applied.
    public var isDeprecated: Bool { deprecationReason != nil }

    /// Where the definition is (`SourceLocation.unknown` for built-in definitions).
    public var location: SourceLocation { definition?.location ?? .unknown }
}
