/// The rules of the Type System section of the spec (definitions and extensions).
extension RecursiveDescentParser {
    // MARK: Descriptions

    /// Whether the current token can start a description.
    func peekDescription() -> Bool {
        token.kind == .string || token.kind == .blockString
    }

    /// `Description: StringValue`, if present.
    mutating func parseDescription() throws(ParseError) -> StringValue? {
        peekDescription() ? try parseStringLiteral() : nil
    }

    // MARK: Schema

    /// `SchemaDefinition: Description? schema Directives[Const]? { RootOperationTypeDefinition+ }`.
    mutating func parseSchemaDefinition() throws(ParseError) -> SchemaDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        try expect(.braceL)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while !(try expectOptional(.braceR))
        return SchemaDefinition(
            description: description,
            directives: directives,
            operationTypes: operationTypes,
            location: location(start)
        )
    }

    /// `RootOperationTypeDefinition: OperationType : NamedType`.
    mutating func parseOperationTypeDefinition() throws(ParseError) -> OperationTypeDefinition {
        let start = token
        let operation = try parseOperationType()
        try expect(.colon)
        let type = NamedType(name: try parseName())
        return OperationTypeDefinition(operation: operation, type: type, location: location(start))
    }

    /// `{ RootOperationTypeDefinition+ }`, empty when there is no `{`.
    mutating func parseOptionalOperationTypeDefinitions() throws(ParseError) -> [OperationTypeDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while !(try expectOptional(.braceR))
        return operationTypes
    }

    // MARK: Types

    /// `ScalarTypeDefinition: Description? scalar Name Directives[Const]?`.
    mutating func parseScalarTypeDefinition() throws(ParseError) -> ScalarTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return ScalarTypeDefinition(
            description: description, name: name, directives: directives, location: location(start))
    }

    /// `ObjectTypeDefinition: Description? type Name ImplementsInterfaces? Directives[Const]?
    /// FieldsDefinition?`.
    mutating func parseObjectTypeDefinition() throws(ParseError) -> ObjectTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return ObjectTypeDefinition(
            description: description,
            name: name,
            interfaces: interfaces,
            directives: directives,
            fields: fields,
            location: location(start)
        )
    }

    /// `ImplementsInterfaces: implements &? NamedType (& NamedType)*`, empty without `implements`.
    mutating func parseImplementsInterfaces() throws(ParseError) -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try parseDelimitedNamedTypes(.amp)
    }

    /// `delimiter? NamedType (delimiter NamedType)*`.
    mutating func parseDelimitedNamedTypes(_ delimiter: TokenKind) throws(ParseError) -> [NamedType] {
        _ = try expectOptional(delimiter)
        var types: [NamedType] = []
        repeat {
            types.append(NamedType(name: try parseName()))
        } while try expectOptional(delimiter)
        return types
    }

    /// `FieldsDefinition: { FieldDefinition+ }`, empty when there is no `{`.
    mutating func parseFieldsDefinition() throws(ParseError) -> [FieldDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            let start = token
            let description = try parseDescription()
            let name = try parseName()
            let arguments = try parseArgumentDefinitions()
            try expect(.colon)
            let type = try parseTypeReference()
            let directives = try parseDirectives(isConst: true)
            fields.append(
                FieldDefinition(
                    description: description,
                    name: name,
                    arguments: arguments,
                    type: type,
                    directives: directives,
                    location: location(start)
                )
            )
        } while !(try expectOptional(.braceR))
        return fields
    }

    /// `ArgumentsDefinition: ( InputValueDefinition+ )`, empty when there is no `(`.
    mutating func parseArgumentDefinitions() throws(ParseError) -> [InputValueDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        var arguments: [InputValueDefinition] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while !(try expectOptional(.parenR))
        return arguments
    }

    /// `InputValueDefinition: Description? Name : Type DefaultValue? Directives[Const]?`.
    mutating func parseInputValueDefinition() throws(ParseError) -> InputValueDefinition {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinition(
            description: description,
            name: name,
            type: type,
            defaultValue: defaultValue,
            directives: directives,
            location: location(start)
        )
    }

    /// `InterfaceTypeDefinition: Description? interface Name ImplementsInterfaces? Directives[Const]?
    /// FieldsDefinition?`.
    mutating func parseInterfaceTypeDefinition() throws(ParseError) -> InterfaceTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return InterfaceTypeDefinition(
            description: description,
            name: name,
            interfaces: interfaces,
            directives: directives,
            fields: fields,
            location: location(start)
        )
    }

    /// `UnionTypeDefinition: Description? union Name Directives[Const]? UnionMemberTypes?`.
    mutating func parseUnionTypeDefinition() throws(ParseError) -> UnionTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        return UnionTypeDefinition(
            description: description, name: name, directives: directives, types: types, location: location(start))
    }

    /// `UnionMemberTypes: = |? NamedType (| NamedType)*`, empty without `=`.
    mutating func parseUnionMemberTypes() throws(ParseError) -> [NamedType] {
        guard try expectOptional(.equals) else { return [] }
        return try parseDelimitedNamedTypes(.pipe)
    }

    /// `EnumTypeDefinition: Description? enum Name Directives[Const]? EnumValuesDefinition?`.
    mutating func parseEnumTypeDefinition() throws(ParseError) -> EnumTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        return EnumTypeDefinition(
            description: description, name: name, directives: directives, values: values, location: location(start))
    }

    /// `EnumValuesDefinition: { EnumValueDefinition+ }`, empty when there is no `{`.
    mutating func parseEnumValuesDefinition() throws(ParseError) -> [EnumValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            let start = token
            let description = try parseDescription()
            if valueEquals(token, "true") || valueEquals(token, "false") || valueEquals(token, "null") {
                throw lexer.error(
                    at: token.start,
                    "\(lexer.describe(token)) is reserved and cannot be used for an enum value."
                )
            }
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            values.append(
                EnumValueDefinition(
                    description: description, name: name, directives: directives, location: location(start))
            )
        } while !(try expectOptional(.braceR))
        return values
    }

    /// `InputObjectTypeDefinition: Description? input Name Directives[Const]? InputFieldsDefinition?`.
    mutating func parseInputObjectTypeDefinition() throws(ParseError) -> InputObjectTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputFieldsDefinition()
        return InputObjectTypeDefinition(
            description: description, name: name, directives: directives, fields: fields, location: location(start))
    }

    /// `InputFieldsDefinition: { InputValueDefinition+ }`, empty when there is no `{`.
    mutating func parseInputFieldsDefinition() throws(ParseError) -> [InputValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [InputValueDefinition] = []
        repeat {
            fields.append(try parseInputValueDefinition())
        } while !(try expectOptional(.braceR))
        return fields
    }

    // MARK: Directive definitions

    /// `DirectiveDefinition: Description? directive @ Name ArgumentsDefinition? Directives[Const]? repeatable?
    /// on DirectiveLocations`.
    mutating func parseDirectiveDefinition() throws(ParseError) -> DirectiveDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let directives = try parseDirectives(isConst: true)
        let isRepeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        _ = try expectOptional(.pipe)
        var locations: [Name] = []
        repeat {
            let locationToken = token
            let locationName = try parseName()
            guard DirectiveLocation(rawValue: locationName.value) != nil else { throw unexpected(locationToken) }
            locations.append(locationName)
        } while try expectOptional(.pipe)
        return DirectiveDefinition(
            description: description,
            name: name,
            arguments: arguments,
            directives: directives,
            isRepeatable: isRepeatable,
            locations: locations,
            location: location(start)
        )
    }

    // MARK: Extensions

    /// `TypeSystemExtension: SchemaExtension | TypeExtension` (and graphql-core's directive extension).
    mutating func parseTypeSystemExtension() throws(ParseError) -> TypeSystemExtension {
        let keywordToken = try lookahead()
        if keywordToken.kind == .name {
            switch lexer.text(from: keywordToken.start, to: keywordToken.end) {
            case "schema": return .schema(try parseSchemaExtension())
            case "scalar": return .type(.scalar(try parseScalarTypeExtension()))
            case "type": return .type(.object(try parseObjectTypeExtension()))
            case "interface": return .type(.interface(try parseInterfaceTypeExtension()))
            case "union": return .type(.union(try parseUnionTypeExtension()))
            case "enum": return .type(.enum(try parseEnumTypeExtension()))
            case "input": return .type(.inputObject(try parseInputObjectTypeExtension()))
            case "directive": return .directive(try parseDirectiveExtension())
            default: break
            }
        }
        throw unexpected(keywordToken)
    }

    /// `SchemaExtension: extend schema Directives[Const]? { RootOperationTypeDefinition+ }?` (one required).
    mutating func parseSchemaExtension() throws(ParseError) -> SchemaExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        let operationTypes = try parseOptionalOperationTypeDefinitions()
        if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
        return SchemaExtension(directives: directives, operationTypes: operationTypes, location: location(start))
    }

    /// `ScalarTypeExtension: extend scalar Name Directives[Const]`.
    mutating func parseScalarTypeExtension() throws(ParseError) -> ScalarTypeExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        if directives.isEmpty { throw unexpected() }
        return ScalarTypeExtension(name: name, directives: directives, location: location(start))
    }

    /// `ObjectTypeExtension: extend type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?`
    /// (one required).
    mutating func parseObjectTypeExtension() throws(ParseError) -> ObjectTypeExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
        return ObjectTypeExtension(
            name: name, interfaces: interfaces, directives: directives, fields: fields, location: location(start))
    }

    /// `InterfaceTypeExtension: extend interface Name ImplementsInterfaces? Directives[Const]?
    /// FieldsDefinition?` (one required).
    mutating func parseInterfaceTypeExtension() throws(ParseError) -> InterfaceTypeExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
        return InterfaceTypeExtension(
            name: name, interfaces: interfaces, directives: directives, fields: fields, location: location(start))
    }

    /// `UnionTypeExtension: extend union Name Directives[Const]? UnionMemberTypes?` (one required).
    mutating func parseUnionTypeExtension() throws(ParseError) -> UnionTypeExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        if directives.isEmpty && types.isEmpty { throw unexpected() }
        return UnionTypeExtension(name: name, directives: directives, types: types, location: location(start))
    }

    /// `EnumTypeExtension: extend enum Name Directives[Const]? EnumValuesDefinition?` (one required).
    mutating func parseEnumTypeExtension() throws(ParseError) -> EnumTypeExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        if directives.isEmpty && values.isEmpty { throw unexpected() }
        return EnumTypeExtension(name: name, directives: directives, values: values, location: location(start))
    }

    /// `InputObjectTypeExtension: extend input Name Directives[Const]? InputFieldsDefinition?` (one required).
    mutating func parseInputObjectTypeExtension() throws(ParseError) -> InputObjectTypeExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputFieldsDefinition()
        if directives.isEmpty && fields.isEmpty { throw unexpected() }
        return InputObjectTypeExtension(name: name, directives: directives, fields: fields, location: location(start))
    }

    /// `extend directive @ Name Directives[Const]` (graphql-core 3.3).
    mutating func parseDirectiveExtension() throws(ParseError) -> DirectiveExtension {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        if directives.isEmpty { throw unexpected() }
        return DirectiveExtension(name: name, directives: directives, location: location(start))
    }

    // MARK: Schema coordinates

    /// `SchemaCoordinate: Name | Name . Name | Name . Name ( Name : ) | @ Name | @ Name ( Name : )`.
    mutating func parseSchemaCoordinate() throws(ParseError) -> SchemaCoordinate {
        let start = token
        let isDirective = try expectOptional(.at)
        let name = try parseName()
        var member: Name?
        if !isDirective, try expectOptional(.dot) {
            member = try parseName()
        }
        var argument: Name?
        if isDirective || member != nil, try expectOptional(.parenL) {
            argument = try parseName()
            try expect(.colon)
            try expect(.parenR)
        }
        let location = location(start)
        switch (isDirective, member, argument) {
        case (true, _, let argument?):
            return .directiveArgument(directive: name, argument: argument, location: location)
        case (true, _, nil): return .directive(name, location: location)
        case (false, let member?, let argument?):
            return .argument(type: name, field: member, argument: argument, location: location)
        case (false, let member?, nil): return .member(type: name, member: member, location: location)
        case (false, nil, _): return .type(name, location: location)
        }
    }
}
