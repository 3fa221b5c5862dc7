/// The layout of graphql-core 3.3's `print_ast`, rule by rule.
///
/// graphql-core measures lengths in code points after indentation; every helper here works on finished
/// strings, so the length of a part is simply its number of Unicode scalars.
struct PrettyPrinter {
    /// Lines longer than this get their arguments, list items or object fields wrapped.
    static let maxLineLength = 80

    /// Prints any node.
    func print(_ node: any ASTNode) -> String {
        switch node {
        case let node as Document: document(node)
        case let node as Definition: definition(node)
        case let node as OperationDefinition: operationDefinition(node)
        case let node as FragmentDefinition: fragmentDefinition(node)
        case let node as VariableDefinition: variableDefinition(node)
        case let node as Variable: "$" + node.name.value
        case let node as SelectionSet: selectionSet(node)
        case let node as Selection: selection(node)
        case let node as Field: field(node)
        case let node as FragmentSpread: fragmentSpread(node)
        case let node as InlineFragment: inlineFragment(node)
        case let node as Argument: argument(node)
        case let node as Value: value(node)
        case let node as StringValue: stringValue(node)
        case let node as ObjectField: join([node.name.value, ": ", value(node.value)])
        case let node as Directive: directive(node)
        case let node as TypeReference: node.description
        case let node as NamedType: node.name.value
        case let node as Name: node.value
        case let node as TypeSystemDefinition: typeSystemDefinition(node)
        case let node as TypeSystemExtension: typeSystemExtension(node)
        case let node as TypeDefinition: typeDefinition(node)
        case let node as TypeExtension: typeExtension(node)
        case let node as SchemaDefinition: schemaDefinition(node)
        case let node as OperationTypeDefinition: operationTypeDefinition(node)
        case let node as ScalarTypeDefinition: scalarTypeDefinition(node)
        case let node as ObjectTypeDefinition: objectTypeDefinition(node)
        case let node as InterfaceTypeDefinition: interfaceTypeDefinition(node)
        case let node as FieldDefinition: fieldDefinition(node)
        case let node as InputValueDefinition: inputValueDefinition(node)
        case let node as UnionTypeDefinition: unionTypeDefinition(node)
        case let node as EnumTypeDefinition: enumTypeDefinition(node)
        case let node as EnumValueDefinition: enumValueDefinition(node)
        case let node as InputObjectTypeDefinition: inputObjectTypeDefinition(node)
        case let node as DirectiveDefinition: directiveDefinition(node)
        case let node as SchemaExtension: schemaExtension(node)
        case let node as ScalarTypeExtension: scalarTypeExtension(node)
        case let node as ObjectTypeExtension: objectTypeExtension(node)
        case let node as InterfaceTypeExtension: interfaceTypeExtension(node)
        case let node as UnionTypeExtension: unionTypeExtension(node)
        case let node as EnumTypeExtension: enumTypeExtension(node)
        case let node as InputObjectTypeExtension: inputObjectTypeExtension(node)
        case let node as DirectiveExtension: directiveExtension(node)
        case let node as SchemaCoordinate: node.description
        default: ""
        }
    }

    // MARK: Helpers (graphql-core's join, wrap, block, indent)

    /// The non-empty items joined with a separator.
    func join(_ items: [String], _ separator: String = "") -> String {
        var result = ""
        for item in items where !item.isEmpty {
            if !result.isEmpty { result += separator }
            result += item
        }
        return result
    }

    /// `start + text + end`, or empty when the text is empty.
    func wrap(_ start: String, _ text: String, _ end: String = "") -> String {
        text.isEmpty ? "" : start + text + end
    }

    /// Two spaces before the text and after every line feed in it.
    func indent(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var bytes: [UInt8] = [ASCII.space, ASCII.space]
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == ASCII.newline {
                bytes.append(ASCII.space)
                bytes.append(ASCII.space)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The items on their own lines, indented, between braces; empty when there are no items.
    func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    /// The length graphql-core measures: code points.
    func length(_ text: String) -> Int { text.unicodeScalars.count }

    /// The length of the non-empty items joined with a separator.
    func joinedLength(_ items: [String], _ separator: String) -> Int {
        var total = 0
        for item in items where !item.isEmpty {
            total += (total > 0 ? separator.count : 0) + length(item)
        }
        return total
    }

    /// Whether one of the items spans several lines.
    func hasMultilineItems(_ items: [String]) -> Bool {
        items.contains { $0.utf8.contains(ASCII.newline) }
    }

    /// A field or spread with its arguments, which go on their own lines when the line would be too long.
    func wrappedLineAndArguments(_ prefix: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return prefix }
        let wrapped =
            length(prefix) + joinedLength(arguments, ", ") + 2 > Self.maxLineLength
            ? wrap("(\n", indent(join(arguments, "\n")), "\n)")
            : wrap("(", join(arguments, ", "), ")")
        return join([prefix, wrapped])
    }

    /// Argument definitions: on one line unless one of them spans several lines.
    func argumentsDefinition(_ arguments: [InputValueDefinition]) -> String {
        let printed = arguments.map(inputValueDefinition)
        return hasMultilineItems(printed)
            ? wrap("(\n", indent(join(printed, "\n")), "\n)")
            : wrap("(", join(printed, ", "), ")")
    }

    func description(_ description: StringValue?) -> String {
        description.map { wrap("", stringValue($0), "\n") } ?? ""
    }

    func directives(_ directives: [Directive]) -> String {
        join(directives.map(directive), " ")
    }

    func interfaces(_ interfaces: [NamedType]) -> String {
        wrap("implements ", join(interfaces.map(\.name.value), " & "))
    }

    // MARK: Executable definitions

    func document(_ node: Document) -> String {
        join(node.definitions.map(definition), "\n\n")
    }

    func definition(_ node: Definition) -> String {
        switch node {
        case .operation(let operation): operationDefinition(operation)
        case .fragment(let fragment): fragmentDefinition(fragment)
        case .typeSystem(let typeSystem): typeSystemDefinition(typeSystem)
        case .typeSystemExtension(let typeSystemExtension): self.typeSystemExtension(typeSystemExtension)
        }
    }

    func operationDefinition(_ node: OperationDefinition) -> String {
        let variables = node.variableDefinitions.map(variableDefinition)
        let variableDefinitions =
            hasMultilineItems(variables)
            ? wrap("(\n", join(variables, "\n"), "\n)")
            : wrap("(", join(variables, ", "), ")")
        let operation = node.operation.rawValue
        let prefix = join([
            description(node.description),
            join([operation, join([node.name?.value ?? "", variableDefinitions]), directives(node.directives)], " "),
        ])
        // Anonymous queries without directives or variables use the shorthand form.
        return join([
            node.operation == .query && prefix == operation ? "" : prefix + " ", selectionSet(node.selectionSet),
        ])
    }

    func variableDefinition(_ node: VariableDefinition) -> String {
        join([
            description(node.description),
            "$" + node.variable.name.value,
            ": ",
            node.type.description,
            node.defaultValue.map { " = " + value($0) } ?? "",
            wrap(" ", directives(node.directives)),
        ])
    }

    /// A selection set being printed: its selections, how many are done, and what they printed as.
    private struct SelectionSetFrame {
        /// The field or inline fragment the selection set belongs to; `nil` for the outermost one.
        var owner: Selection?
        var selections: [Selection]
        var index = 0
        var printed: [String] = []
    }

    /// The selection set, printed with an explicit stack so that deep documents do not exhaust the call stack.
    func selectionSet(_ node: SelectionSet) -> String {
        var stack = [SelectionSetFrame(owner: nil, selections: node.selections)]
        while let top = stack.indices.last {
            if stack[top].index < stack[top].selections.count {
                let selection = stack[top].selections[stack[top].index]
                stack[top].index += 1
                switch selection {
                case .field(let field) where field.selectionSet != nil:
                    stack.append(SelectionSetFrame(owner: selection, selections: field.selectionSet?.selections ?? []))
                case .inlineFragment(let fragment):
                    stack.append(SelectionSetFrame(owner: selection, selections: fragment.selectionSet.selections))
                default:
                    stack[top].printed.append(self.selection(selection, printedSelectionSet: nil))
                }
                continue
            }
            let finished = stack.removeLast()
            let printed = finished.printed.isEmpty ? "{}" : block(finished.printed)
            guard let owner = finished.owner, top > 0 else { return printed }
            stack[top - 1].printed.append(selection(owner, printedSelectionSet: printed))
        }
        return "{}"
    }

    func selection(_ node: Selection) -> String {
        switch node {
        case .field(let field): selection(node, printedSelectionSet: field.selectionSet.map(selectionSet))
        case .fragmentSpread: selection(node, printedSelectionSet: nil)
        case .inlineFragment(let fragment): selection(node, printedSelectionSet: selectionSet(fragment.selectionSet))
        }
    }

    /// A selection, given its selection set already printed (`nil` when it has none).
    func selection(_ node: Selection, printedSelectionSet: String?) -> String {
        switch node {
        case .field(let field):
            let prefix = join([field.alias.map { $0.value + ": " } ?? "", field.name.value])
            return join([
                wrappedLineAndArguments(prefix, field.arguments.map(argument)),
                wrap(" ", directives(field.directives)),
                wrap(" ", printedSelectionSet ?? ""),
            ])
        case .fragmentSpread(let spread):
            return join(["..." + spread.name.value, wrap(" ", directives(spread.directives))])
        case .inlineFragment(let fragment):
            return join(
                [
                    "...",
                    wrap("on ", fragment.typeCondition?.name.value ?? ""),
                    directives(fragment.directives),
                    printedSelectionSet ?? "{}",
                ],
                " "
            )
        }
    }

    func field(_ node: Field) -> String {
        selection(.field(node))
    }

    func argument(_ node: Argument) -> String {
        join([node.name.value, ": ", value(node.value)])
    }

    func fragmentSpread(_ node: FragmentSpread) -> String {
        selection(.fragmentSpread(node))
    }

    func inlineFragment(_ node: InlineFragment) -> String {
        selection(.inlineFragment(node))
    }

    func fragmentDefinition(_ node: FragmentDefinition) -> String {
        join([
            description(node.description),
            "fragment ",
            node.name.value,
            " on ",
            node.typeCondition.name.value,
            " ",
            wrap("", directives(node.directives), " "),
            selectionSet(node.selectionSet),
        ])
    }

    // MARK: Values

    /// A list or object value being printed: its items (with the `name: ` of object fields), how many are
    /// done, and what they printed as.
    private struct ValueFrame {
        /// What goes before the printed value in its parent: `name: ` for an object field, otherwise nothing.
        var prefix: String
        var isList: Bool
        var items: [(prefix: String, value: Value)]
        var index = 0
        var printed: [String] = []

        /// The frame for a list or object value, `nil` for other values.
        init?(_ value: Value, prefix: String) {
            switch value {
            case .list(let values, _):
                isList = true
                items = values.map { ("", $0) }
            case .object(let fields, _):
                isList = false
                items = fields.map { ($0.name.value + ": ", $0.value) }
            default:
                return nil
            }
            self.prefix = prefix
        }
    }

    /// The value, printed with an explicit stack so that deep values do not exhaust the call stack.
    func value(_ node: Value) -> String {
        guard let root = ValueFrame(node, prefix: "") else { return scalarValue(node) }
        var stack = [root]
        while let top = stack.indices.last {
            if stack[top].index < stack[top].items.count {
                let item = stack[top].items[stack[top].index]
                stack[top].index += 1
                if let frame = ValueFrame(item.value, prefix: item.prefix) {
                    stack.append(frame)
                } else {
                    stack[top].printed.append(item.prefix + scalarValue(item.value))
                }
                continue
            }
            let finished = stack.removeLast()
            let printed =
                finished.prefix + (finished.isList ? listValue(finished.printed) : objectValue(finished.printed))
            guard top > 0 else { return printed }
            stack[top - 1].printed.append(printed)
        }
        return ""
    }

    /// A value other than a list or object.
    func scalarValue(_ node: Value) -> String {
        switch node {
        case .variable(let variable): "$" + variable.name.value
        case .int(let text, _), .float(let text, _), .enum(let text, _): text
        case .string(let string): stringValue(string)
        case .boolean(let flag, _): flag ? "true" : "false"
        case .null: "null"
        case .list, .object: value(node)
        }
    }

    func listValue(_ values: [String]) -> String {
        if 2 + joinedLength(values, ", ") > Self.maxLineLength {
            return wrap("[\n", indent(join(values, "\n")), "\n]")
        }
        return "[" + join(values, ", ") + "]"
    }

    func objectValue(_ fields: [String]) -> String {
        if 4 + joinedLength(fields, ", ") > Self.maxLineLength {
            return block(fields)
        }
        return "{ " + join(fields, ", ") + " }"
    }

    func stringValue(_ node: StringValue) -> String {
        node.isBlock ? BlockString.print(node.value) : StringLiteral.print(node.value)
    }

    func directive(_ node: Directive) -> String {
        join(["@", node.name.value, wrap("(", join(node.arguments.map(argument), ", "), ")")])
    }

    // MARK: Type system definitions

    func typeSystemDefinition(_ node: TypeSystemDefinition) -> String {
        switch node {
        case .schema(let schema): schemaDefinition(schema)
        case .type(let type): typeDefinition(type)
        case .directive(let directive): directiveDefinition(directive)
        }
    }

    func typeDefinition(_ node: TypeDefinition) -> String {
        switch node {
        case .scalar(let scalar): scalarTypeDefinition(scalar)
        case .object(let object): objectTypeDefinition(object)
        case .interface(let interface): interfaceTypeDefinition(interface)
        case .union(let union): unionTypeDefinition(union)
        case .enum(let enumType): enumTypeDefinition(enumType)
        case .inputObject(let inputObject): inputObjectTypeDefinition(inputObject)
        }
    }

    func schemaDefinition(_ node: SchemaDefinition) -> String {
        join([
            description(node.description),
            join(
                ["schema", directives(node.directives), block(node.operationTypes.map(operationTypeDefinition))], " "),
        ])
    }

    func operationTypeDefinition(_ node: OperationTypeDefinition) -> String {
        node.operation.rawValue + ": " + node.type.name.value
    }

    func scalarTypeDefinition(_ node: ScalarTypeDefinition) -> String {
        join([description(node.description), join(["scalar", node.name.value, directives(node.directives)], " ")])
    }

    func objectTypeDefinition(_ node: ObjectTypeDefinition) -> String {
        join([
            description(node.description),
            join(
                [
                    "type", node.name.value, interfaces(node.interfaces), directives(node.directives),
                    block(node.fields.map(fieldDefinition)),
                ],
                " "
            ),
        ])
    }

    func interfaceTypeDefinition(_ node: InterfaceTypeDefinition) -> String {
        join([
            description(node.description),
            join(
                [
                    "interface", node.name.value, interfaces(node.interfaces), directives(node.directives),
                    block(node.fields.map(fieldDefinition)),
                ],
                " "
            ),
        ])
    }

    func fieldDefinition(_ node: FieldDefinition) -> String {
        join([
            description(node.description),
            node.name.value,
            argumentsDefinition(node.arguments),
            ": ",
            node.type.description,
            wrap(" ", directives(node.directives)),
        ])
    }

    func inputValueDefinition(_ node: InputValueDefinition) -> String {
        join([
            description(node.description),
            node.name.value,
            ": ",
            node.type.description,
            node.defaultValue.map { " = " + value($0) } ?? "",
            wrap(" ", directives(node.directives)),
        ])
    }

    func unionTypeDefinition(_ node: UnionTypeDefinition) -> String {
        join([
            description(node.description),
            join(
                [
                    "union", node.name.value, directives(node.directives),
                    wrap("= ", join(node.types.map(\.name.value), " | ")),
                ],
                " "
            ),
        ])
    }

    func enumTypeDefinition(_ node: EnumTypeDefinition) -> String {
        join([
            description(node.description),
            join(
                ["enum", node.name.value, directives(node.directives), block(node.values.map(enumValueDefinition))], " "
            ),
        ])
    }

    func enumValueDefinition(_ node: EnumValueDefinition) -> String {
        join([description(node.description), join([node.name.value, directives(node.directives)], " ")])
    }

    func inputObjectTypeDefinition(_ node: InputObjectTypeDefinition) -> String {
        join([
            description(node.description),
            join(
                ["input", node.name.value, directives(node.directives), block(node.fields.map(inputValueDefinition))],
                " "
            ),
        ])
    }

    func directiveDefinition(_ node: DirectiveDefinition) -> String {
        join([
            description(node.description),
            "directive @",
            node.name.value,
            argumentsDefinition(node.arguments),
            wrap(" ", directives(node.directives)),
            node.isRepeatable ? " repeatable" : "",
            " on ",
            join(node.locations.map(\.value), " | "),
        ])
    }

    // MARK: Type system extensions

    func typeSystemExtension(_ node: TypeSystemExtension) -> String {
        switch node {
        case .schema(let schema): schemaExtension(schema)
        case .type(let type): typeExtension(type)
        case .directive(let directive): directiveExtension(directive)
        }
    }

    func typeExtension(_ node: TypeExtension) -> String {
        switch node {
        case .scalar(let scalar): scalarTypeExtension(scalar)
        case .object(let object): objectTypeExtension(object)
        case .interface(let interface): interfaceTypeExtension(interface)
        case .union(let union): unionTypeExtension(union)
        case .enum(let enumType): enumTypeExtension(enumType)
        case .inputObject(let inputObject): inputObjectTypeExtension(inputObject)
        }
    }

    func schemaExtension(_ node: SchemaExtension) -> String {
        join(
            ["extend schema", directives(node.directives), block(node.operationTypes.map(operationTypeDefinition))], " "
        )
    }

    func scalarTypeExtension(_ node: ScalarTypeExtension) -> String {
        join(["extend scalar", node.name.value, directives(node.directives)], " ")
    }

    func objectTypeExtension(_ node: ObjectTypeExtension) -> String {
        join(
            [
                "extend type", node.name.value, interfaces(node.interfaces), directives(node.directives),
                block(node.fields.map(fieldDefinition)),
            ],
            " "
        )
    }

    func interfaceTypeExtension(_ node: InterfaceTypeExtension) -> String {
        join(
            [
                "extend interface", node.name.value, interfaces(node.interfaces), directives(node.directives),
                block(node.fields.map(fieldDefinition)),
            ],
            " "
        )
    }

    func unionTypeExtension(_ node: UnionTypeExtension) -> String {
        join(
            [
                "extend union", node.name.value, directives(node.directives),
                wrap("= ", join(node.types.map(\.name.value), " | ")),
            ],
            " "
        )
    }

    func enumTypeExtension(_ node: EnumTypeExtension) -> String {
        join(
            ["extend enum", node.name.value, directives(node.directives), block(node.values.map(enumValueDefinition))],
            " ")
    }

    func inputObjectTypeExtension(_ node: InputObjectTypeExtension) -> String {
        join(
            [
                "extend input", node.name.value, directives(node.directives),
                block(node.fields.map(inputValueDefinition)),
            ],
            " "
        )
    }

    func directiveExtension(_ node: DirectiveExtension) -> String {
        join(["extend directive @" + node.name.value, directives(node.directives)], " ")
    }
}
