/// The rules of the Operations, Fragments, Values, Directives and Types sections of the spec.
extension RecursiveDescentParser {
    // MARK: Operations

    /// `OperationDefinition: Description? OperationType Name? VariableDefinitions? Directives? SelectionSet`
    /// or `SelectionSet`.
    mutating func parseOperationDefinition() throws(ParseError) -> OperationDefinition {
        let start = token
        if peek(.braceL) {
            return OperationDefinition(
                operation: .query, selectionSet: try parseSelectionSet(), location: location(start))
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
    @inline(never)
    mutating func parseVariable() throws(ParseError) -> Variable {
        let start = token
        try expect(.dollar)
        return Variable(name: try parseName(), location: location(start))
    }

    /// `SelectionSet: { Selection* }` (graphql-core accepts empty selection sets by default), with the fields,
    /// fragment spreads and inline fragments in it.
    ///
    /// Nested selection sets are parsed with an explicit stack instead of recursion, in the order graphql-core's
    /// recursive rules read the tokens, so that deep documents cannot exhaust the call stack.
    @inline(never)
    mutating func parseSelectionSet() throws(ParseError) -> SelectionSet {
        try enterNesting()
        let start = token
        try expect(.braceL)
        var stack = [PendingSelectionSet(owner: .root, start: start)]
        while let current = stack.indices.last {
            if try expectOptional(.braceR) {
                depth -= 1
                let finished = stack.removeLast()
                let selectionSet = SelectionSet(selections: finished.selections, location: location(finished.start))
                let selection: Selection
                switch finished.owner {
                case .root:
                    return selectionSet
                case .field(let alias, let name, let arguments, let directives, let fieldStart):
                    selection = .field(
                        Field(
                            alias: alias,
                            name: name,
                            arguments: arguments,
                            directives: directives,
                            selectionSet: selectionSet,
                            location: location(fieldStart)
                        )
                    )
                case .inlineFragment(let typeCondition, let directives, let fragmentStart):
                    selection = .inlineFragment(
                        InlineFragment(
                            typeCondition: typeCondition,
                            directives: directives,
                            selectionSet: selectionSet,
                            location: location(fragmentStart)
                        )
                    )
                }
                stack[current - 1].selections.append(selection)
            } else if peek(.spread) {
                // FragmentSpread: ... FragmentName Directives?
                // InlineFragment: ... TypeCondition? Directives? SelectionSet
                let spreadStart = token
                try advance()
                let hasTypeCondition = try expectOptionalKeyword("on")
                if !hasTypeCondition && peek(.name) {
                    stack[current].selections.append(try parseFragmentSpread(spreadStart))
                    continue
                }
                let typeCondition = hasTypeCondition ? NamedType(name: try parseName()) : nil
                let directives = try parseDirectives(isConst: false)
                try enterNesting()
                let braceStart = token
                try expect(.braceL)
                stack.append(
                    PendingSelectionSet(
                        owner: .inlineFragment(
                            typeCondition: typeCondition, directives: directives, start: spreadStart),
                        start: braceStart
                    )
                )
            } else {
                // Field: Alias? Name Arguments? Directives? SelectionSet?
                let fieldStart = token
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
                if peek(.braceL) {
                    try enterNesting()
                    let braceStart = token
                    try advance()
                    stack.append(
                        PendingSelectionSet(
                            owner: .field(
                                alias: alias, name: name, arguments: arguments, directives: directives,
                                start: fieldStart),
                            start: braceStart
                        )
                    )
                } else {
                    stack[current].selections.append(
                        .field(
                            Field(
                                alias: alias, name: name, arguments: arguments, directives: directives,
                                location: location(fieldStart))
                        )
                    )
                }
            }
        }
        throw unexpected()  // Not reached: the root entry returns when its `}` is read.
    }

    /// `Arguments[Const]: ( Argument[?Const]+ )`, empty when there is no `(`.
    @inline(never)
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

    /// The rest of a fragment spread, after the `...`.
    @inline(never)
    mutating func parseFragmentSpread(_ start: Token) throws(ParseError) -> Selection {
        let name = try parseFragmentName()
        let directives = try parseDirectives(isConst: false)
        return .fragmentSpread(FragmentSpread(name: name, directives: directives, location: location(start)))
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
    ///
    /// Nested lists and objects are parsed with an explicit stack instead of recursion, in the order
    /// graphql-core's recursive rules read the tokens, so that deep values cannot exhaust the call stack.
    mutating func parseValueLiteral(isConst: Bool) throws(ParseError) -> Value {
        guard token.kind == .bracketL || token.kind == .braceL else { return try parseScalarValue(isConst: isConst) }
        return try parseCompositeValue(isConst: isConst)
    }

    /// `ListValue[Const]: [ Value[?Const]* ]` and `ObjectValue[Const]: { (Name : Value[?Const])* }`.
    @inline(never)
    mutating func parseCompositeValue(isConst: Bool) throws(ParseError) -> Value {
        var stack: [PendingValue] = []
        try openCompositeValue(on: &stack, field: nil)
        while let current = stack.indices.last {
            if try expectOptional(stack[current].isList ? .bracketR : .braceR) {
                depth -= 1
                let finished = stack.removeLast()
                let value: Value =
                    finished.isList
                    ? .list(finished.values, location: location(finished.start))
                    : .object(finished.fields, location: location(finished.start))
                guard current > 0 else { return value }
                let fieldLocation = finished.field.map { location($0.start) } ?? .unknown
                stack[current - 1].append(value, field: finished.field, location: fieldLocation)
                continue
            }
            var field: (name: Name, start: Token)?
            if !stack[current].isList {
                let fieldStart = token
                let name = try parseName()
                try expect(.colon)
                field = (name, fieldStart)
            }
            if token.kind == .bracketL || token.kind == .braceL {
                try openCompositeValue(on: &stack, field: field)
            } else {
                let value = try parseScalarValue(isConst: isConst)
                let fieldLocation = field.map { location($0.start) } ?? .unknown
                stack[current].append(value, field: field, location: fieldLocation)
            }
        }
        throw unexpected()  // Not reached: the outermost value returns when it is closed.
    }

    /// Consumes a `[` or `{` and pushes the value it opens.
    private mutating func openCompositeValue(
        on stack: inout [PendingValue],
        field: (name: Name, start: Token)?
    ) throws(ParseError) {
        try enterNesting()
        let start = token
        try advance()
        stack.append(PendingValue(isList: start.kind == .bracketL, start: start, field: field))
    }

    /// Every value but lists and objects.
    @inline(never)
    mutating func parseScalarValue(isConst: Bool) throws(ParseError) -> Value {
        let start = token
        switch start.kind {
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
                throw variableInConstantError(dollar: start)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// `Unexpected variable '$x' in constant value.` at the `$` (or `Unexpected '$'.` without a name).
    @inline(never)
    func variableInConstantError(dollar: Token) -> ParseError {
        guard token.kind == .name else { return unexpected(dollar) }
        let name = lexer.text(from: token.start, to: token.end)
        return lexer.error(at: dollar.start, "Unexpected variable '$\(name)' in constant value.")
    }

    /// A string or block string literal.
    @inline(never)
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
    @inline(never)
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

    /// `Type: NamedType | ListType | NonNullType`, read without recursion.
    @inline(never)
    mutating func parseTypeReference() throws(ParseError) -> TypeReference {
        var listStarts: [Token] = []
        while token.kind == .bracketL {
            let start = token
            try advance()
            try enterNesting()
            listStarts.append(start)
        }
        let nameStart = token
        var type = TypeReference.named(NamedType(name: try parseName()))
        if try expectOptional(.bang) {
            type = .nonNull(type, location: location(nameStart))
        }
        while let start = listStarts.popLast() {
            depth -= 1
            try expect(.bracketR)
            type = .list(type, location: location(start))
            if try expectOptional(.bang) {
                type = .nonNull(type, location: location(start))
            }
        }
        return type
    }
}
