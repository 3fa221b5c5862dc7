import GraphQLParser
import GraphQLSchema

/// An object of the introspection system, answered from the served schema itself (the spec's section 4):
/// `__Schema`, `__Type` (named types and the `LIST`/`NON_NULL` wrappers), `__Field`, `__InputValue`,
/// `__EnumValue` and `__Directive`.
package enum IntrospectionObject: Sendable {
    /// The schema (`__schema`).
    case schema
    /// A type: a named type, or a list or non-null wrapper of one.
    case type(TypeRef)
    /// A field of an object or interface type.
    case field(SchemaField)
    /// An argument or an input object's field.
    case inputValue(SchemaInputValue)
    /// An enum value.
    case enumValue(SchemaEnumValue)
    /// A directive.
    case directive(SchemaDirective)

    /// The introspection type's name (`__typename`).
    package var typeName: String {
        switch self {
        case .schema: return "__Schema"
        case .type: return "__Type"
        case .field: return "__Field"
        case .inputValue: return "__InputValue"
        case .enumValue: return "__EnumValue"
        case .directive: return "__Directive"
        }
    }

    private static let schemaField = SchemaField(
        name: "__schema", description: "Access the current type schema of this server.",
        type: .nonNull(.named("__Schema")))
    private static let typeField = SchemaField(
        name: "__type", description: "Request the type information of a single type.",
        arguments: [SchemaInputValue(name: "name", type: .nonNull(.named("String")))], type: .named("__Type"))

    /// The definition of a meta-field of the query root (`__schema`, `__type`); `nil` for any other name.
    package static func rootField(named name: String) -> SchemaField? {
        switch name {
        case "__schema": return schemaField
        case "__type": return typeField
        default: return nil
        }
    }

    /// Resolves a meta-field of the query root.
    package static func resolveRoot<Object>(
        _ field: String, arguments: [String: GraphQLInputValue], schema: Schema
    ) throws -> GraphQLResolvedValue<Object> {
        switch field {
        case "__schema":
            return .introspection(.schema)
        case "__type":
            guard case .string(let name) = arguments["name"] else { return .null }
            return schema.type(named: name) == nil ? .null : .introspection(.type(.named(name)))
        default:
            throw GraphQLFieldError("Cannot query field \"\(field)\" on the query root.")
        }
    }

    /// Resolves `field` of this object.
    package func resolve<Object>(
        _ field: String, arguments: [String: GraphQLInputValue], schema: Schema
    ) throws -> GraphQLResolvedValue<Object> {
        let includeDeprecated = arguments["includeDeprecated"] == .boolean(true)
        switch self {
        case .schema:
            switch field {
            case "description": return .string(schema.description)
            case "types": return .list(schema.types.map { .introspection(.type(.named($0.name))) })
            case "queryType": return Self.named(schema.queryType)
            case "mutationType": return Self.named(schema.mutationType)
            case "subscriptionType": return Self.named(schema.subscriptionType)
            case "directives": return .list(schema.directives.map { .introspection(.directive($0)) })
            default: break
            }
        case .type(let reference):
            return try Self.resolveType(reference, field: field, includeDeprecated: includeDeprecated, schema: schema)
        case .field(let definition):
            switch field {
            case "name": return .string(definition.name)
            case "description": return .string(definition.description)
            case "args":
                return .list(
                    definition.arguments.filter { includeDeprecated || !$0.isDeprecated }
                        .map { .introspection(.inputValue($0)) })
            case "type": return .introspection(.type(definition.type))
            case "isDeprecated": return .boolean(definition.isDeprecated)
            case "deprecationReason": return .string(definition.deprecationReason)
            default: break
            }
        case .inputValue(let value):
            switch field {
            case "name": return .string(value.name)
            case "description": return .string(value.description)
            case "type": return .introspection(.type(value.type))
            case "defaultValue": return .string(value.defaultValue.map { GraphQLValuePrinter.print($0) })
            case "isDeprecated": return .boolean(value.isDeprecated)
            case "deprecationReason": return .string(value.deprecationReason)
            default: break
            }
        case .enumValue(let value):
            switch field {
            case "name": return .string(value.name)
            case "description": return .string(value.description)
            case "isDeprecated": return .boolean(value.isDeprecated)
            case "deprecationReason": return .string(value.deprecationReason)
            default: break
            }
        case .directive(let directive):
            switch field {
            case "name": return .string(directive.name)
            case "description": return .string(directive.description)
            case "isRepeatable": return .boolean(directive.isRepeatable)
            case "locations": return .list(directive.locations.map { .string($0.rawValue) })
            case "args":
                return .list(
                    directive.arguments.filter { includeDeprecated || !$0.isDeprecated }
                        .map { .introspection(.inputValue($0)) })
            default: break
            }
        }
        throw GraphQLFieldError("Cannot query field \"\(field)\" on type \"\(typeName)\".")
    }

    private static func named<Object>(_ type: SchemaType?) -> GraphQLResolvedValue<Object> {
        type.map { .introspection(.type(.named($0.name))) } ?? .null
    }

    private static func resolveType<Object>(
        _ reference: TypeRef, field: String, includeDeprecated: Bool, schema: Schema
    ) throws -> GraphQLResolvedValue<Object> {
        switch reference {
        case .list(let item), .nonNull(let item):
            let kind = reference.isNonNull ? "NON_NULL" : "LIST"
            switch field {
            case "kind": return .string(kind)
            case "ofType": return .introspection(.type(item))
            case "name", "description", "specifiedByURL", "fields", "interfaces", "possibleTypes", "enumValues",
                "inputFields", "isOneOf":
                return .null
            default:
                throw GraphQLFieldError("Cannot query field \"\(field)\" on type \"__Type\".")
            }
        case .named(let name):
            guard let type = schema.type(named: name) else {
                throw GraphQLFieldError("Unknown type \"\(name)\".")
            }
            switch field {
            case "kind": return .string(type.kind.rawValue)
            case "name": return .string(type.name)
            case "description": return .string(type.description)
            case "specifiedByURL": return .string(type.kind == .scalar ? type.specifiedByURL : nil)
            case "fields":
                guard type.kind == .object || type.kind == .interface else { return .null }
                return .list(
                    type.fields.filter { includeDeprecated || !$0.isDeprecated }.map { .introspection(.field($0)) })
            case "interfaces":
                guard type.kind == .object || type.kind == .interface else { return .null }
                return .list(type.interfaces.map { .introspection(.type(.named($0))) })
            case "possibleTypes":
                guard type.isAbstract else { return .null }
                return .list(schema.possibleTypes(of: type).map { .introspection(.type(.named($0.name))) })
            case "enumValues":
                guard type.kind == .enum else { return .null }
                return .list(
                    type.enumValues.filter { includeDeprecated || !$0.isDeprecated }
                        .map { .introspection(.enumValue($0)) })
            case "inputFields":
                guard type.kind == .inputObject else { return .null }
                return .list(
                    type.inputFields.filter { includeDeprecated || !$0.isDeprecated }
                        .map { .introspection(.inputValue($0)) })
            case "ofType": return .null
            case "isOneOf": return type.kind == .inputObject ? .boolean(type.isOneOf) : .null
            default:
                throw GraphQLFieldError("Cannot query field \"\(field)\" on type \"__Type\".")
            }
        }
    }
}
