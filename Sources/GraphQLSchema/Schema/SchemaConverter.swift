import GraphQLParser

/// Turns type system definitions of the AST (with their extensions) into the schema model.
enum SchemaConverter {
    /// The reason `@deprecated` gives, `nil` when the directive is not applied.
    static func deprecationReason(_ directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        if let argument = directive.arguments.last(where: { $0.name.value == "reason" }),
            case .string(let reason) = argument.value
        {
            return reason.value
        }
        return "No longer supported"
    }

    /// The URL `@specifiedBy` gives, if the directive is applied with a string URL.
    static func specifiedByURL(_ directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "specifiedBy" }),
            let argument = directive.arguments.last(where: { $0.name.value == "url" }),
            case .string(let url) = argument.value
        else { return nil }
        return url.value
    }

    /// An argument or input field.
    static func inputValue(_ node: InputValueDefinition, keepDefinition: Bool = true) -> SchemaInputValue {
        SchemaInputValue(
            name: node.name.value,
            description: node.description?.value,
            type: TypeRef(node.type),
            defaultValue: node.defaultValue,
            deprecationReason: deprecationReason(node.directives),
            directives: node.directives,
            definition: keepDefinition ? node : nil
        )
    }

    /// A field of an object or interface type.
    static func field(_ node: FieldDefinition, keepDefinition: Bool = true) -> SchemaField {
        SchemaField(
            name: node.name.value,
            description: node.description?.value,
            arguments: node.arguments.map { inputValue($0, keepDefinition: keepDefinition) },
            type: TypeRef(node.type),
            deprecationReason: deprecationReason(node.directives),
            directives: node.directives,
            definition: keepDefinition ? node : nil
        )
    }

    /// An enum value.
    static func enumValue(_ node: EnumValueDefinition, keepDefinition: Bool = true) -> SchemaEnumValue {
        SchemaEnumValue(
            name: node.name.value,
            description: node.description?.value,
            deprecationReason: deprecationReason(node.directives),
            directives: node.directives,
            definition: keepDefinition ? node : nil
        )
    }

    /// A directive definition.
    static func directive(_ node: DirectiveDefinition) -> SchemaDirective {
        SchemaDirective(
            name: node.name.value,
            description: node.description?.value,
            arguments: node.arguments.map { inputValue($0) },
            locations: node.directiveLocations,
            isRepeatable: node.isRepeatable,
            definition: node
        )
    }

    /// A named type from its definition and extensions (which must be of the same kind; others are ignored).
    static func type(_ node: TypeDefinition, extensions: [TypeExtension], isBuiltIn: Bool = false) -> SchemaType {
        let keep = !isBuiltIn
        let name = node.name.value
        let description = node.description?.value
        let definition = keep ? node : nil
        switch node {
        case .scalar(let scalar):
            let directives =
                scalar.directives
                + extensions.flatMap { ext -> [Directive] in
                    if case .scalar(let node) = ext { return node.directives }
                    return []
                }
            return SchemaType(
                name: name, kind: .scalar, description: description,
                specifiedByURL: specifiedByURL(directives), directives: directives, isBuiltIn: isBuiltIn,
                definition: definition, extensions: extensions
            )
        case .object(let object):
            var fields = object.fields
            var interfaces = object.interfaces
            var directives = object.directives
            for case .object(let ext) in extensions {
                fields += ext.fields
                interfaces += ext.interfaces
                directives += ext.directives
            }
            return SchemaType(
                name: name, kind: .object, description: description,
                fields: fields.map { field($0, keepDefinition: keep) },
                interfaces: interfaces.map(\.name.value), directives: directives, isBuiltIn: isBuiltIn,
                definition: definition, extensions: extensions
            )
        case .interface(let interface):
            var fields = interface.fields
            var interfaces = interface.interfaces
            var directives = interface.directives
            for case .interface(let ext) in extensions {
                fields += ext.fields
                interfaces += ext.interfaces
                directives += ext.directives
            }
            return SchemaType(
                name: name, kind: .interface, description: description,
                fields: fields.map { field($0, keepDefinition: keep) },
                interfaces: interfaces.map(\.name.value), directives: directives, isBuiltIn: isBuiltIn,
                definition: definition, extensions: extensions
            )
        case .union(let union):
            var members = union.types
            var directives = union.directives
            for case .union(let ext) in extensions {
                members += ext.types
                directives += ext.directives
            }
            return SchemaType(
                name: name, kind: .union, description: description,
                memberTypes: members.map(\.name.value), directives: directives, isBuiltIn: isBuiltIn,
                definition: definition, extensions: extensions
            )
        case .enum(let enumType):
            var values = enumType.values
            var directives = enumType.directives
            for case .enum(let ext) in extensions {
                values += ext.values
                directives += ext.directives
            }
            return SchemaType(
                name: name, kind: .enum, description: description,
                enumValues: values.map { enumValue($0, keepDefinition: keep) }, directives: directives,
                isBuiltIn: isBuiltIn, definition: definition, extensions: extensions
            )
        case .inputObject(let input):
            var fields = input.fields
            var directives = input.directives
            for case .inputObject(let ext) in extensions {
                fields += ext.fields
                directives += ext.directives
            }
            return SchemaType(
                name: name, kind: .inputObject, description: description,
                inputFields: fields.map { inputValue($0, keepDefinition: keep) },
                isOneOf: input.directives.contains { $0.name.value == "oneOf" }, directives: directives,
                isBuiltIn: isBuiltIn, definition: definition, extensions: extensions
            )
        }
    }
}
