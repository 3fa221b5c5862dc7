/// Writes nodes as a stream of tokens with no ignored characters except the spaces needed to keep two tokens
/// apart.
struct MinifiedPrinter {
    /// The classes of tokens that matter for separation.
    enum TokenClass {
        case punctuator, word, number, string, spread
    }

    /// The text written so far.
    private(set) var output = ""
    /// The class of the last token written, `nil` at the start.
    private var last: TokenClass?

    /// Appends a token, preceded by a space when it would otherwise run into the previous one: two names or
    /// numbers (`a b`, `1 b`), a number and `...` (`1...` would read as a bad float), two strings (`"" "a"`
    /// would read as a block string).
    private mutating func emit(_ text: String, _ tokenClass: TokenClass) {
        if let last {
            let needsSpace: Bool
            switch (last, tokenClass) {
            case (.word, .word), (.word, .number), (.number, .word), (.number, .number), (.number, .spread),
                (.string, .string):
                needsSpace = true
            default:
                needsSpace = false
            }
            if needsSpace { output += " " }
        }
        output += text
        last = tokenClass
    }

    private mutating func punctuator(_ text: String) { emit(text, .punctuator) }

    private mutating func word(_ text: String) { emit(text, .word) }

    /// Writes any node.
    mutating func write(_ node: any ASTNode) {
        switch node {
        case let node as Document: document(node)
        case let node as Definition: definition(node)
        case let node as OperationDefinition: operationDefinition(node)
        case let node as FragmentDefinition: fragmentDefinition(node)
        case let node as VariableDefinition: variableDefinition(node)
        case let node as Variable: variable(node)
        case let node as SelectionSet: selectionSet(node)
        case let node as Selection: selection(node)
        case let node as Field: field(node)
        case let node as FragmentSpread: fragmentSpread(node)
        case let node as InlineFragment: inlineFragment(node)
        case let node as Argument: argument(node.name, node.value)
        case let node as Value: value(node)
        case let node as StringValue: string(node)
        case let node as ObjectField: argument(node.name, node.value)
        case let node as Directive: directives([node])
        case let node as TypeReference: type(node)
        case let node as NamedType: word(node.name.value)
        case let node as Name: word(node.value)
        case let node as TypeSystemDefinition: typeSystemDefinition(node)
        case let node as TypeSystemExtension: typeSystemExtension(node)
        case let node as TypeDefinition: typeDefinition(node)
        case let node as TypeExtension: typeExtension(node)
        case let node as SchemaDefinition: typeSystemDefinition(.schema(node))
        case let node as OperationTypeDefinition: operationTypes([node])
        case let node as ScalarTypeDefinition: typeDefinition(.scalar(node))
        case let node as ObjectTypeDefinition: typeDefinition(.object(node))
        case let node as InterfaceTypeDefinition: typeDefinition(.interface(node))
        case let node as FieldDefinition: fieldDefinition(node)
        case let node as InputValueDefinition: inputValueDefinition(node)
        case let node as UnionTypeDefinition: typeDefinition(.union(node))
        case let node as EnumTypeDefinition: typeDefinition(.enum(node))
        case let node as EnumValueDefinition: enumValueDefinition(node)
        case let node as InputObjectTypeDefinition: typeDefinition(.inputObject(node))
        case let node as DirectiveDefinition: typeSystemDefinition(.directive(node))
        case let node as SchemaExtension: typeSystemExtension(.schema(node))
        case let node as ScalarTypeExtension: typeExtension(.scalar(node))
        case let node as ObjectTypeExtension: typeExtension(.object(node))
        case let node as InterfaceTypeExtension: typeExtension(.interface(node))
        case let node as UnionTypeExtension: typeExtension(.union(node))
        case let node as EnumTypeExtension: typeExtension(.enum(node))
        case let node as InputObjectTypeExtension: typeExtension(.inputObject(node))
        case let node as DirectiveExtension: typeSystemExtension(.directive(node))
        case let node as SchemaCoordinate: emit(node.description, .word)
        default: break
        }
    }

    // MARK: Executable definitions

    mutating func document(_ node: Document) {
        for definition in node.definitions { self.definition(definition) }
    }

    mutating func definition(_ node: Definition) {
        switch node {
        case .operation(let operation): operationDefinition(operation)
        case .fragment(let fragment): fragmentDefinition(fragment)
        case .typeSystem(let typeSystem): typeSystemDefinition(typeSystem)
        case .typeSystemExtension(let typeSystemExtension): self.typeSystemExtension(typeSystemExtension)
        }
    }

    mutating func operationDefinition(_ node: OperationDefinition) {
        let isShorthand =
            node.operation == .query && node.description == nil && node.name == nil
            && node.variableDefinitions.isEmpty && node.directives.isEmpty
        if !isShorthand {
            description(node.description)
            word(node.operation.rawValue)
            if let name = node.name { word(name.value) }
            if !node.variableDefinitions.isEmpty {
                punctuator("(")
                for definition in node.variableDefinitions { variableDefinition(definition) }
                punctuator(")")
            }
            directives(node.directives)
        }
        selectionSet(node.selectionSet)
    }

    mutating func variableDefinition(_ node: VariableDefinition) {
        description(node.description)
        variable(node.variable)
        punctuator(":")
        type(node.type)
        defaultValue(node.defaultValue)
        directives(node.directives)
    }

    mutating func variable(_ node: Variable) {
        punctuator("$")
        word(node.name.value)
    }

    /// What is left to write of the selection sets being written.
    private enum SelectionStep {
        case selection(Selection)
        case closingBrace
    }

    /// Writes the selection set with an explicit stack, so that deep documents do not exhaust the call stack.
    mutating func selectionSet(_ node: SelectionSet) {
        punctuator("{")
        var steps: [SelectionStep] = [.closingBrace]
        steps.append(contentsOf: node.selections.reversed().map(SelectionStep.selection))
        while let step = steps.popLast() {
            switch step {
            case .closingBrace:
                punctuator("}")
            case .selection(.field(let field)):
                if let alias = field.alias {
                    word(alias.value)
                    punctuator(":")
                }
                word(field.name.value)
                arguments(field.arguments)
                directives(field.directives)
                if let nested = field.selectionSet {
                    punctuator("{")
                    steps.append(.closingBrace)
                    steps.append(contentsOf: nested.selections.reversed().map(SelectionStep.selection))
                }
            case .selection(.fragmentSpread(let spread)):
                fragmentSpread(spread)
            case .selection(.inlineFragment(let fragment)):
                emit("...", .spread)
                if let typeCondition = fragment.typeCondition {
                    word("on")
                    word(typeCondition.name.value)
                }
                directives(fragment.directives)
                punctuator("{")
                steps.append(.closingBrace)
                steps.append(contentsOf: fragment.selectionSet.selections.reversed().map(SelectionStep.selection))
            }
        }
    }

    mutating func selection(_ node: Selection) {
        switch node {
        case .field(let field): self.field(field)
        case .fragmentSpread(let spread): fragmentSpread(spread)
        case .inlineFragment(let fragment): inlineFragment(fragment)
        }
    }

    mutating func field(_ node: Field) {
        if let alias = node.alias {
            word(alias.value)
            punctuator(":")
        }
        word(node.name.value)
        arguments(node.arguments)
        directives(node.directives)
        if let selectionSet = node.selectionSet { self.selectionSet(selectionSet) }
    }

    mutating func arguments(_ arguments: [Argument]) {
        guard !arguments.isEmpty else { return }
        punctuator("(")
        for argument in arguments { self.argument(argument.name, argument.value) }
        punctuator(")")
    }

    mutating func argument(_ name: Name, _ value: Value) {
        word(name.value)
        punctuator(":")
        self.value(value)
    }

    mutating func fragmentSpread(_ node: FragmentSpread) {
        emit("...", .spread)
        word(node.name.value)
        directives(node.directives)
    }

    mutating func inlineFragment(_ node: InlineFragment) {
        emit("...", .spread)
        if let typeCondition = node.typeCondition {
            word("on")
            word(typeCondition.name.value)
        }
        directives(node.directives)
        selectionSet(node.selectionSet)
    }

    mutating func fragmentDefinition(_ node: FragmentDefinition) {
        description(node.description)
        word("fragment")
        word(node.name.value)
        word("on")
        word(node.typeCondition.name.value)
        directives(node.directives)
        selectionSet(node.selectionSet)
    }

    mutating func directives(_ directives: [Directive]) {
        for directive in directives {
            punctuator("@")
            word(directive.name.value)
            arguments(directive.arguments)
        }
    }

    mutating func type(_ node: TypeReference) {
        let (name, wrappers) = node.unwrapped
        for wrapper in wrappers.reversed() where wrapper == .list { punctuator("[") }
        word(name.name.value)
        for wrapper in wrappers {
            punctuator(wrapper == .list ? "]" : "!")
        }
    }

    // MARK: Values

    /// What is left to write of the values being written.
    private enum ValueStep {
        case value(Value)
        case fieldName(Name)
        case punctuator(String)
    }

    /// Writes the value with an explicit stack, so that deep values do not exhaust the call stack.
    mutating func value(_ node: Value) {
        var steps: [ValueStep] = [.value(node)]
        while let step = steps.popLast() {
            switch step {
            case .punctuator(let text):
                punctuator(text)
            case .fieldName(let name):
                word(name.value)
                punctuator(":")
            case .value(.list(let values, _)):
                punctuator("[")
                steps.append(.punctuator("]"))
                steps.append(contentsOf: values.reversed().map(ValueStep.value))
            case .value(.object(let fields, _)):
                punctuator("{")
                steps.append(.punctuator("}"))
                for field in fields.reversed() {
                    steps.append(.value(field.value))
                    steps.append(.fieldName(field.name))
                }
            case .value(.variable(let variable)): self.variable(variable)
            case .value(.int(let text, _)), .value(.float(let text, _)): emit(text, .number)
            case .value(.string(let string)): self.string(string)
            case .value(.boolean(let flag, _)): word(flag ? "true" : "false")
            case .value(.null): word("null")
            case .value(.enum(let text, _)): word(text)
            }
        }
    }

    mutating func string(_ node: StringValue) {
        if node.isBlock && BlockString.isPrintable(node.value) {
            emit(BlockString.print(node.value, minimize: true), .string)
        } else {
            emit(StringLiteral.print(node.value), .string)
        }
    }

    mutating func defaultValue(_ value: Value?) {
        guard let value else { return }
        punctuator("=")
        self.value(value)
    }

    mutating func description(_ description: StringValue?) {
        if let description { string(description) }
    }

    // MARK: Type system

    mutating func typeSystemDefinition(_ node: TypeSystemDefinition) {
        switch node {
        case .schema(let schema):
            description(schema.description)
            word("schema")
            directives(schema.directives)
            operationTypes(schema.operationTypes)
        case .type(let type):
            typeDefinition(type)
        case .directive(let directive):
            description(directive.description)
            word("directive")
            punctuator("@")
            word(directive.name.value)
            argumentDefinitions(directive.arguments)
            directives(directive.directives)
            if directive.isRepeatable { word("repeatable") }
            word("on")
            for (index, location) in directive.locations.enumerated() {
                if index > 0 { punctuator("|") }
                word(location.value)
            }
        }
    }

    mutating func operationTypes(_ operationTypes: [OperationTypeDefinition]) {
        guard !operationTypes.isEmpty else { return }
        punctuator("{")
        for operationType in operationTypes {
            word(operationType.operation.rawValue)
            punctuator(":")
            word(operationType.type.name.value)
        }
        punctuator("}")
    }

    mutating func typeDefinition(_ node: TypeDefinition) {
        description(node.description)
        switch node {
        case .scalar(let scalar):
            word("scalar")
            word(scalar.name.value)
            directives(scalar.directives)
        case .object(let object):
            word("type")
            word(object.name.value)
            interfaces(object.interfaces)
            directives(object.directives)
            fieldDefinitions(object.fields)
        case .interface(let interface):
            word("interface")
            word(interface.name.value)
            interfaces(interface.interfaces)
            directives(interface.directives)
            fieldDefinitions(interface.fields)
        case .union(let union):
            word("union")
            word(union.name.value)
            directives(union.directives)
            unionMembers(union.types)
        case .enum(let enumType):
            word("enum")
            word(enumType.name.value)
            directives(enumType.directives)
            enumValueDefinitions(enumType.values)
        case .inputObject(let inputObject):
            word("input")
            word(inputObject.name.value)
            directives(inputObject.directives)
            inputFieldDefinitions(inputObject.fields)
        }
    }

    mutating func interfaces(_ interfaces: [NamedType]) {
        guard !interfaces.isEmpty else { return }
        word("implements")
        for (index, interface) in interfaces.enumerated() {
            if index > 0 { punctuator("&") }
            word(interface.name.value)
        }
    }

    mutating func unionMembers(_ types: [NamedType]) {
        guard !types.isEmpty else { return }
        punctuator("=")
        for (index, member) in types.enumerated() {
            if index > 0 { punctuator("|") }
            word(member.name.value)
        }
    }

    mutating func fieldDefinitions(_ fields: [FieldDefinition]) {
        guard !fields.isEmpty else { return }
        punctuator("{")
        for field in fields { fieldDefinition(field) }
        punctuator("}")
    }

    mutating func fieldDefinition(_ node: FieldDefinition) {
        description(node.description)
        word(node.name.value)
        argumentDefinitions(node.arguments)
        punctuator(":")
        type(node.type)
        directives(node.directives)
    }

    mutating func argumentDefinitions(_ arguments: [InputValueDefinition]) {
        guard !arguments.isEmpty else { return }
        punctuator("(")
        for argument in arguments { inputValueDefinition(argument) }
        punctuator(")")
    }

    mutating func inputFieldDefinitions(_ fields: [InputValueDefinition]) {
        guard !fields.isEmpty else { return }
        punctuator("{")
        for field in fields { inputValueDefinition(field) }
        punctuator("}")
    }

    mutating func inputValueDefinition(_ node: InputValueDefinition) {
        description(node.description)
        word(node.name.value)
        punctuator(":")
        type(node.type)
        defaultValue(node.defaultValue)
        directives(node.directives)
    }

    mutating func enumValueDefinitions(_ values: [EnumValueDefinition]) {
        guard !values.isEmpty else { return }
        punctuator("{")
        for value in values { enumValueDefinition(value) }
        punctuator("}")
    }

    mutating func enumValueDefinition(_ node: EnumValueDefinition) {
        description(node.description)
        word(node.name.value)
        directives(node.directives)
    }

    mutating func typeSystemExtension(_ node: TypeSystemExtension) {
        switch node {
        case .schema(let schema):
            word("extend")
            word("schema")
            directives(schema.directives)
            operationTypes(schema.operationTypes)
        case .type(let type):
            typeExtension(type)
        case .directive(let directive):
            word("extend")
            word("directive")
            punctuator("@")
            word(directive.name.value)
            directives(directive.directives)
        }
    }

    mutating func typeExtension(_ node: TypeExtension) {
        word("extend")
        switch node {
        case .scalar(let scalar):
            word("scalar")
            word(scalar.name.value)
            directives(scalar.directives)
        case .object(let object):
            word("type")
            word(object.name.value)
            interfaces(object.interfaces)
            directives(object.directives)
            fieldDefinitions(object.fields)
        case .interface(let interface):
            word("interface")
            word(interface.name.value)
            interfaces(interface.interfaces)
            directives(interface.directives)
            fieldDefinitions(interface.fields)
        case .union(let union):
            word("union")
            word(union.name.value)
            directives(union.directives)
            unionMembers(union.types)
        case .enum(let enumType):
            word("enum")
            word(enumType.name.value)
            directives(enumType.directives)
            enumValueDefinitions(enumType.values)
        case .inputObject(let inputObject):
            word("input")
            word(inputObject.name.value)
            directives(inputObject.directives)
            inputFieldDefinitions(inputObject.fields)
        }
    }
}
