import GraphQLParser

/// The definitions every schema has: the built-in scalars and directives, the introspection types and the
/// meta-fields `__typename`, `__schema` and `__type`, as graphql-core 3.3 defines them.
enum BuiltInDefinitions {
    /// The source name of the built-in definitions.
    static let sourceName = "<built-in>"

    /// The built-in scalars and directives (descriptions left out).
    static let specifiedSDL = """
        scalar Int
        scalar Float
        scalar String
        scalar Boolean
        scalar ID
        directive @include(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @skip(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @deprecated(reason: String! = "No longer supported") \
        on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE | DIRECTIVE_DEFINITION
        directive @specifiedBy(url: String!) on SCALAR
        directive @oneOf on INPUT_OBJECT
        """

    /// The introspection types (descriptions left out).
    static let introspectionSDL = """
        type __Schema {
          description: String
          types: [__Type!]!
          queryType: __Type!
          mutationType: __Type
          subscriptionType: __Type
          directives(includeDeprecated: Boolean! = false): [__Directive!]!
        }
        type __Type {
          kind: __TypeKind!
          name: String
          description: String
          specifiedByURL: String
          fields(includeDeprecated: Boolean! = false): [__Field!]
          interfaces: [__Type!]
          possibleTypes: [__Type!]
          enumValues(includeDeprecated: Boolean! = false): [__EnumValue!]
          inputFields(includeDeprecated: Boolean! = false): [__InputValue!]
          ofType: __Type
          isOneOf: Boolean
        }
        enum __TypeKind { SCALAR OBJECT INTERFACE UNION ENUM INPUT_OBJECT LIST NON_NULL }
        type __Field {
          name: String!
          description: String
          args(includeDeprecated: Boolean! = false): [__InputValue!]!
          type: __Type!
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __InputValue {
          name: String!
          description: String
          type: __Type!
          defaultValue: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __EnumValue {
          name: String!
          description: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __Directive {
          name: String!
          description: String
          isRepeatable: Boolean!
          locations: [__DirectiveLocation!]!
          args(includeDeprecated: Boolean! = false): [__InputValue!]!
          isDeprecated: Boolean!
          deprecationReason: String
        }
        enum __DirectiveLocation {
          QUERY MUTATION SUBSCRIPTION FIELD FRAGMENT_DEFINITION FRAGMENT_SPREAD INLINE_FRAGMENT
          VARIABLE_DEFINITION FRAGMENT_VARIABLE_DEFINITION SCHEMA SCALAR OBJECT FIELD_DEFINITION
          ARGUMENT_DEFINITION INTERFACE UNION ENUM ENUM_VALUE INPUT_OBJECT INPUT_FIELD_DEFINITION
          DIRECTIVE_DEFINITION
        }
        """

    /// The built-in scalars, by name.
    static let scalars: [String: SchemaType] = {
        var scalars: [String: SchemaType] = [:]
        for definition in parse(specifiedSDL).typeSystemDefinitions {
            if case .type(.scalar(let scalar)) = definition {
                scalars[scalar.name.value] = SchemaType(name: scalar.name.value, kind: .scalar, isBuiltIn: true)
            }
        }
        return scalars
    }()

    /// The built-in directives, in graphql-core's order.
    static let directives: [SchemaDirective] = {
        parse(specifiedSDL).typeSystemDefinitions.compactMap { definition in
            guard case .directive(let directive) = definition else { return nil }
            return SchemaDirective(
                name: directive.name.value,
                arguments: directive.arguments.map { SchemaConverter.inputValue($0, keepDefinition: false) },
                locations: directive.directiveLocations,
                isRepeatable: directive.isRepeatable,
                isBuiltIn: true
            )
        }
    }()

    /// The introspection types, in graphql-core's order.
    static let introspectionTypes: [SchemaType] = {
        parse(introspectionSDL).typeSystemDefinitions.compactMap { definition in
            guard case .type(let type) = definition else { return nil }
            return SchemaConverter.type(type, extensions: [], isBuiltIn: true)
        }
    }()

    /// `__typename: String!`, which every object, interface and union has.
    static let typenameField = SchemaField(name: "__typename", type: .nonNull(.named("String")))

    /// `__schema: __Schema!`, on the query root type.
    static let schemaField = SchemaField(name: "__schema", type: .nonNull(.named("__Schema")))

    /// `__type(name: String!): __Type`, on the query root type.
    static let typeField = SchemaField(
        name: "__type",
        arguments: [SchemaInputValue(name: "name", type: .nonNull(.named("String")))],
        type: .named("__Type")
    )

    /// Parses one of the constant documents above; they are valid, so a failure yields an empty document.
    private static func parse(_ text: String) -> Document {
        do {
            return try Parser.parse(text, name: sourceName, options: ParseOptions(noLocation: true))
        } catch {
            return Document(definitions: [])
        }
    }
}
