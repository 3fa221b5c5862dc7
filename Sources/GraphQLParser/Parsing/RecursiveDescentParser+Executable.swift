/// The rules of the Operations, Fragments, Values, Directives and Types sections of the spec.
extension RecursiveDescentParser {
    // MARK: Operations

    /// `OperationDefinition: Description? OperationType Name? VariableDefinitions? Directives? SelectionSet`
    /// or `SelectionSet`.
    mutating func parseOperationDefinition() throws(ParseError) -> OperationDefinition {
        let start = token
        if peek(.braceL) {
            return OperationDefinition(operation: .query, selectionSet: try parseSelectionSet(), location: location(start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            operation: operation,
            description: description,
            name: name,
            variableDefinitions: variableDefinitions,
            directives: directives,
            selectionSet: selectionSet,
            location: location(start)
        )
    }

    /// `OperationType: one of query mutation subscription`.
    mutating func parseOperationType() throws(ParseError) -> OperationType {
        let operationToken = try expect(.name)
        if isKeyword(operationToken, "query") { return .query }
        if isKeyword(operationToken, "mutation") { return .mutation }
        if isKeyword(operationToken, "subscription") { return .subscription }
        throw unexpected(operationToken)
    }

    /// `VariableDefinitions: ( VariableDefinition+ )`, empty when there is no `(`.
    mutating func parseVariableDefinitions() throws(ParseError) -> [VariableDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        var definitions: [VariableDefinition] = []
        repeat {
            definitions.append(try parseVariableDefinition())
        } while !(try expectOptional(.parenR))
        return definitions
    }

    /// `VariableDefinition: Description? Variable : Type DefaultValue? Directives[Const]?`.
    mutating func parseVariableDefinition() throws(ParseError) -> VariableDefinition {
        let start = token
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return VariableDefinition(
            description: description,
            variable: variable,
            type: type,
            defaultValue: defaultValue,
            directives: directives,
            location: location(start)
        )
    }

    /// `Variable: $ Name`.
    mutating func parseVariable() throws(ParseError) -> Variable {
        let start = token
        try expect(.dollar)
        return Variable(name: try parseName(), location: location(start))
    }

    /// `SelectionSet: { Selection* }` (graphql-core accepts empty selection sets by default).
    mutating func parseSelectionSet() throws(ParseError) -> SelectionSet {
        try enterNesting()
        let start = token
        try expect(.braceL)
        var selections: [Selection] = []
        while !(try expectOptional(.braceR)) {
            if peek(.spread) {
                selections.append(try parseFragment())
            } else {
                selections.append(.field(try parseField()))
            }
        }
        depth -= 1
        return SelectionSet(selections: selections, location: location(start))
    }

    /// `Field: Alias? Name Arguments? Directives? SelectionSet?`.
    mutating func parseField() throws(ParseError) -> Field {
        let start = token
        let nameOrAlias = try parseName()
        let alias: Name?
        let name: Name
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = peek(.braceL) ? try parseSelectionSet() : nil
        return Field(
            alias: alias,
            name: name,
            arguments: arguments,
            directives: directives,
            selectionSet: selectionSet,
            location: location(start)
        )
    }

    /// `Arguments[Const]: ( Argument[?Const]+ )`, empty when there is no `(`.
    mutating func parseArguments(isConst: Bool) throws(ParseError) -> [Argument] {
        guard try expectOptional(.parenL) else { return [] }
        var arguments: [Argument] = []
        repeat {
            let start = token
            let name = try parseName()
            try expect(.colon)
            let value = try parseValueLiteral(isConst: isConst)
            arguments.append(Argument(name: name, value: value, location: location(start)))
        } while !(try expectOptional(.parenR))
        return arguments
    }

    // MARK: Fragments

    /// `FragmentSpread: ... FragmentName Directives?` or `InlineFragment: ... TypeCondition? Directives?
    /// SelectionSet`.
    mutating func parseFragment() throws(ParseError) -> Selection {
        let start = token
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseFragmentName()
            let directives = try parseDirectives(isConst: false)
            return .fragmentSpread(FragmentSpread(name: name, directives: directives, location: location(start)))
        }
        let typeCondition = hasTypeCondition ? NamedType(name: try parseName()) : nil
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(
            InlineFragment(
                typeCondition: typeCondition,
                directives: directives,
                selectionSet: selectionSet,
                location: location(start)
            )
        )
    }

    /// `FragmentDefinition: Description? fragment FragmentName TypeCondition Directives? SelectionSet`.
    mutating func parseFragmentDefinition() throws(ParseError) -> FragmentDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = NamedType(name: try parseName())
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            description: description,
            name: name,
            typeCondition: typeCondition,
            directives: directives,
            selectionSet: selectionSet,
            location: location(start)
        )
    }

    /// `FragmentName: Name but not on`.
    mutating func parseFragmentName() throws(ParseError) -> Name {
        if valueEquals(token, "on") { throw unexpected() }
        return try parseName()
    }

    // MARK: Values

    /// `Value[Const]`: a variable (unless constant), number, string, boolean, null, enum, list or object.
    mutating func parseValueLiteral(isConst: Bool) throws(ParseError) -> Value {
        let start = token
        switch start.kind {
        case .bracketL:
            try enterNesting()
            try advance()
            var values: [Value] = []
            while !(try expectOptional(.bracketR)) {
                values.append(try parseValueLiteral(isConst: isConst))
            }
            depth -= 1
            return .list(values, location: location(start))
        case .braceL:
            try enterNesting()
            try advance()
            var fields: [ObjectField] = []
            while !(try expectOptional(.braceR)) {
                let fieldStart = token
                let name = try parseName()
                try expect(.colon)
                let value = try parseValueLiteral(isConst: isConst)
                fields.append(ObjectField(name: name, value: value, location: location(fieldStart)))
            }
            depth -= 1
            return .object(fields, location: location(start))
        case .int:
            try advance()
            return .int(lexer.text(from: start.start, to: start.end), location: location(start))
        case .float:
            try advance()
            return .float(lexer.text(from: start.start, to: start.end), location: location(start))
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            if isKeyword(start, "true") { return .boolean(true, location: location(start)) }
            if isKeyword(start, "false") { return .boolean(false, location: location(start)) }
            if isKeyword(start, "null") { return .null(location: location(start)) }
            return .enum(lexer.text(from: start.start, to: start.end), location: location(start))
        case .dollar:
            if isConst {
                try advance()
                if token.kind == .name {
                    let name = lexer.text(from: token.start, to: token.end)
                    throw lexer.error(at: start.start, "Unexpected variable '$\(name)' in constant value.")
                }
                throw unexpected(start)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// A string or block string literal.
    mutating func parseStringLiteral() throws(ParseError) -> StringValue {
        let start = token
        try advance()
        if start.kind == .blockString {
            return StringValue(lexer.blockStringValue(start), isBlock: true, location: location(start))
        }
        return StringValue(lexer.stringValue(start), isBlock: false, location: location(start))
    }

    // MARK: Directives

    /// `Directives[Const]: Directive[?Const]+`, empty when there is no `@`.
    mutating func parseDirectives(isConst: Bool) throws(ParseError) -> [Directive] {
        guard peek(.at) else { return [] }
        var directives: [Directive] = []
        while peek(.at) {
            let start = token
            try advance()
            let name = try parseName()
            let arguments = try parseArguments(isConst: isConst)
            directives.append(Directive(name: name, arguments: arguments, location: location(start)))
        }
        return directives
    }

    // MARK: Types

    /// `Type: NamedType | ListType | NonNullType`.
    mutating func parseTypeReference() throws(ParseError) -> TypeReference {
        let start = token
        var type: TypeReference
        if try expectOptional(.bracketL) {
            try enterNesting()
            let inner = try parseTypeReference()
            depth -= 1
            try expect(.bracketR)
            type = .list(inner, location: location(start))
        } else {
            type = .named(NamedType(name: try parseName()))
        }
        if try expectOptional(.bang) {
            return .nonNull(type, location: location(start))
        }
        return type
    }
}
