import GraphQLParser

/// Walks a document once, in graphql-js' visiting order, keeping ``ValidationContext``'s type information
/// up to date and calling each rule's hooks in rule order (graphql-core's `TypeInfoVisitor` around a
/// `ParallelVisitor`).
struct DocumentWalker {
    let context: ValidationContext
    let rules: [any ValidationRule]

    func walk() {
        let nesting = context.fragments.isEmpty ? nil : FragmentNesting(context: context)
        for rule in rules { rule.enterDocument() }
        var typeSystemWalker = TypeSystemWalker()
        var definitionIndex = 0
        for definition in context.document.definitions {
            if context.isAborted { return }
            switch definition {
            case .operation, .fragment:
                guard definitionIndex < context.definitions.count else { continue }
                let indexed = context.definitions[definitionIndex]
                definitionIndex += 1
                if let nesting, nesting.isTooDeep(indexed) {
                    context.abort("Validation aborted.")
                    return
                }
                if indexed.operation != nil { walkOperation(indexed) } else { walkFragment(indexed) }
            case .typeSystem(let node):
                walkTypeSystem(&typeSystemWalker) { $0.walk(node) }
            case .typeSystemExtension(let node):
                walkTypeSystem(&typeSystemWalker) { $0.walk(node) }
            }
        }
        if context.isAborted { return }
        for rule in rules { rule.leaveDocument() }
    }

    // MARK: Executable definitions

    private func walkOperation(_ definition: IndexedDefinition) {
        guard let operation = definition.operation else { return }
        let root = context.schema.rootType(for: operation.operation)
        context.typeStack.append(root?.kind == .object ? .named(root?.name ?? "") : nil)
        for rule in rules { rule.enterOperation(definition) }
        for variableDefinition in operation.variableDefinitions {
            walkVariableDefinition(variableDefinition)
        }
        let location: DirectiveLocation =
            switch operation.operation {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        walkDirectives(operation.directives, location: location)
        walkSelectionSet(definition.selectionSet, inInlineFragment: false)
        for rule in rules { rule.leaveOperation(definition) }
        context.typeStack.removeLast()
    }

    private func walkFragment(_ definition: IndexedDefinition) {
        guard let fragment = definition.fragment else { return }
        let condition = context.schema.type(named: fragment.typeCondition.name.value)
        context.typeStack.append(condition?.isOutputType == true ? .named(fragment.typeCondition.name.value) : nil)
        for rule in rules { rule.enterFragment(definition) }
        for rule in rules { rule.enterNamedType(fragment.typeCondition, inTypeSystemDefinition: false) }
        walkDirectives(fragment.directives, location: .fragmentDefinition)
        walkSelectionSet(definition.selectionSet, inInlineFragment: false)
        context.typeStack.removeLast()
    }

    private func walkVariableDefinition(_ definition: VariableDefinition) {
        let type = context.typeFromAST(definition.type)
        context.inputTypeStack.append(context.namedType(type)?.isInputType == true ? type : nil)
        for rule in rules { rule.enterVariableDefinition(definition) }
        for rule in rules { rule.enterNamedType(definition.type.namedType, inTypeSystemDefinition: false) }
        if let defaultValue = definition.defaultValue {
            for rule in rules { rule.enterValue(defaultValue) }
        }
        walkDirectives(definition.directives, location: .variableDefinition)
        context.inputTypeStack.removeLast()
    }

    private func walkSelectionSet(_ selectionSet: IndexedSelectionSet, inInlineFragment: Bool) {
        if context.isAborted { return }
        let named = context.namedType(context.type)
        context.parentTypeStack.append(named?.isComposite == true ? named : nil)
        for rule in rules { rule.enterSelectionSet(selectionSet, inInlineFragment: inInlineFragment) }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): walkField(field)
            case .fragmentSpread(let spread): walkFragmentSpread(spread)
            case .inlineFragment(let fragment): walkInlineFragment(fragment)
            }
        }
        context.parentTypeStack.removeLast()
    }

    private func walkField(_ field: IndexedField) {
        if context.isAborted { return }
        let definition = context.parentType.flatMap { context.schema.field(named: field.name, on: $0) }
        context.fieldDefinitionStack.append(definition)
        let type = definition?.type
        context.typeStack.append(context.namedType(type)?.isOutputType == true ? type : nil)
        for rule in rules { rule.enterField(field) }
        for argument in field.node.arguments {
            walkArgument(argument, isDirectiveArgument: false)
        }
        walkDirectives(field.node.directives, location: .field)
        if let selectionSet = field.selectionSet {
            walkSelectionSet(selectionSet, inInlineFragment: false)
        }
        for rule in rules { rule.leaveField(field) }
        context.typeStack.removeLast()
        context.fieldDefinitionStack.removeLast()
    }

    private func walkFragmentSpread(_ spread: FragmentSpread) {
        for rule in rules { rule.enterFragmentSpread(spread) }
        walkDirectives(spread.directives, location: .fragmentSpread)
    }

    private func walkInlineFragment(_ fragment: IndexedInlineFragment) {
        let type: TypeRef?
        if let condition = fragment.node.typeCondition {
            let conditionType = context.schema.type(named: condition.name.value)
            type = conditionType?.isOutputType == true ? .named(condition.name.value) : nil
        } else {
            type = context.namedType(context.type).map { .named($0.name) }
        }
        context.typeStack.append(type)
        for rule in rules { rule.enterInlineFragment(fragment) }
        if let condition = fragment.node.typeCondition {
            for rule in rules { rule.enterNamedType(condition, inTypeSystemDefinition: false) }
        }
        walkDirectives(fragment.node.directives, location: .inlineFragment)
        walkSelectionSet(fragment.selectionSet, inInlineFragment: true)
        context.typeStack.removeLast()
    }

    // MARK: Directives, arguments and values

    private func walkDirectives(_ directives: [Directive], location: DirectiveLocation?) {
        for directive in directives { walkDirective(directive, location: location) }
    }

    private func walkDirective(_ directive: Directive, location: DirectiveLocation?) {
        if context.isAborted { return }
        context.directive = context.schema.directive(named: directive.name.value)
        for rule in rules { rule.enterDirective(directive, location: location) }
        for argument in directive.arguments {
            walkArgument(argument, isDirectiveArgument: true)
        }
        for rule in rules { rule.leaveDirective(directive) }
        context.directive = nil
    }

    private func walkArgument(_ argument: Argument, isDirectiveArgument: Bool) {
        let definition: SchemaInputValue?
        if let directive = context.directive {
            definition = directive.argument(named: argument.name.value)
        } else {
            definition = context.fieldDefinition?.argument(named: argument.name.value)
        }
        context.argument = definition
        let type = definition?.type
        context.inputTypeStack.append(context.namedType(type)?.isInputType == true ? type : nil)
        if !isDirectiveArgument {
            for rule in rules { rule.enterFieldArgument(argument) }
        }
        for rule in rules { rule.enterValue(argument.value) }
        context.inputTypeStack.removeLast()
        context.argument = nil
    }

    // MARK: Type system definitions (not executable, but graphql-core's rules still look at them)

    private func walkTypeSystem(_ walker: inout TypeSystemWalker, _ walk: (inout TypeSystemWalker) -> Void) {
        var events: [TypeSystemEvent] = []
        walker.onNamedType = { events.append(.namedType($0)) }
        walker.onDirective = { events.append(.directive($0, $1, $2)) }
        walker.onDefaultValue = { events.append(.defaultValue($0)) }
        walk(&walker)
        for event in events {
            if context.isAborted { return }
            switch event {
            case .namedType(let type):
                for rule in rules { rule.enterNamedType(type, inTypeSystemDefinition: true) }
            case .directive(let directive, let location, let scope):
                for rule in rules { rule.enterTypeSystemDirective(directive, scope: scope) }
                walkDirective(directive, location: location)
            case .defaultValue(let value):
                for rule in rules { rule.enterValue(value) }
            }
        }
    }

    private enum TypeSystemEvent {
        case namedType(NamedType)
        case directive(Directive, DirectiveLocation, TypeSystemWalker.Scope)
        case defaultValue(Value)
    }
}
