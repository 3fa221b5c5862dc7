import GraphQLParser

/// Checks type system documents before a schema is built from them: graphql-core 3.3's `specified_sdl_rules`
/// (unique names, known types and directives, possible extensions, directive arguments), with its messages.
///
/// Problems that make the schema ambiguous or incomplete are errors; problems with applied directives, which do
/// not change the types, are warnings.
struct SDLValidator {
    private let definitions: [Definition]
    private var diagnostics: [Diagnostic] = []

    /// The names of the types defined in the documents (graphql-core keeps the last of duplicates).
    private var definedTypes: [String: TypeDefinition] = [:]
    /// The directives known to the documents: the built-in ones, replaced or joined by the defined ones.
    private var knownDirectives: [String: DirectiveInfo] = [:]

    private struct DirectiveInfo {
        var locations: Set<DirectiveLocation>
        var isRepeatable: Bool
        var argumentNames: [String]
        var requiredArguments: [(name: String, type: String)]
    }

    init(definitions: [Definition]) {
        self.definitions = definitions
        for directive in BuiltInDefinitions.directives {
            knownDirectives[directive.name] = DirectiveInfo(
                locations: Set(directive.locations), isRepeatable: directive.isRepeatable,
                argumentNames: directive.arguments.map(\.name),
                requiredArguments: directive.arguments.filter(\.isRequired).map { ($0.name, $0.type.description) })
        }
        for definition in definitions {
            switch definition {
            case .typeSystem(.type(let type)):
                definedTypes[type.name.value] = type
            case .typeSystem(.directive(let directive)):
                knownDirectives[directive.name.value] = DirectiveInfo(
                    locations: Set(directive.directiveLocations), isRepeatable: directive.isRepeatable,
                    argumentNames: directive.arguments.map(\.name.value),
                    requiredArguments: directive.arguments.filter { $0.type.isNonNull && $0.defaultValue == nil }
                        .map { ($0.name.value, $0.type.description) })
            default:
                break
            }
        }
    }

    /// Runs the checks.
    static func validate(_ definitions: [Definition]) -> [Diagnostic] {
        var validator = SDLValidator(definitions: definitions)
        validator.run()
        return validator.diagnostics
    }

    private mutating func report(
        _ severity: Diagnostic.Severity, _ message: String, _ locations: [SourceLocation]
    ) {
        diagnostics.append(
            Diagnostic(
                severity: severity, message: message, location: locations.first ?? .unknown,
                relatedLocations: Array(locations.dropFirst())))
    }

    private mutating func run() {
        checkSchemaDefinitions()
        checkUniqueTypeNames()
        checkUniqueEnumValues()
        checkUniqueFields()
        checkUniqueArgumentDefinitions()
        checkUniqueDirectiveNames()
        checkKnownTypesAndDirectives()
        checkPossibleExtensions()
    }

    // MARK: LoneSchemaDefinition, UniqueOperationTypes

    private mutating func checkSchemaDefinitions() {
        var schemaDefinitions = 0
        var operationTypes: [OperationType: OperationTypeDefinition] = [:]
        for definition in definitions {
            let types: [OperationTypeDefinition]
            switch definition {
            case .typeSystem(.schema(let schema)):
                if schemaDefinitions > 0 {
                    report(.error, "Must provide only one schema definition.", [schema.location])
                }
                schemaDefinitions += 1
                types = schema.operationTypes
            case .typeSystemExtension(.schema(let schema)):
                types = schema.operationTypes
            default:
                continue
            }
            for type in types {
                if let first = operationTypes[type.operation] {
                    report(
                        .error, "There can be only one \(type.operation.rawValue) type in schema.",
                        [first.location, type.location])
                } else {
                    operationTypes[type.operation] = type
                }
            }
        }
    }

    // MARK: UniqueTypeNames, UniqueEnumValueNames, UniqueFieldDefinitionNames

    private mutating func checkUniqueTypeNames() {
        var known: [String: Name] = [:]
        for case .typeSystem(.type(let type)) in definitions {
            if let first = known[type.name.value] {
                report(
                    .error, "There can be only one type named '\(type.name.value)'.",
                    [first.location, type.name.location])
            } else {
                known[type.name.value] = type.name
            }
        }
    }

    private mutating func checkUniqueEnumValues() {
        var known: [String: [String: Name]] = [:]
        for definition in definitions {
            let typeName: String
            let values: [EnumValueDefinition]
            switch definition {
            case .typeSystem(.type(.enum(let node))): (typeName, values) = (node.name.value, node.values)
            case .typeSystemExtension(.type(.enum(let node))): (typeName, values) = (node.name.value, node.values)
            default: continue
            }
            for value in values {
                if let first = known[typeName]?[value.name.value] {
                    report(
                        .error, "Enum value '\(typeName).\(value.name.value)' can only be defined once.",
                        [first.location, value.name.location])
                } else {
                    known[typeName, default: [:]][value.name.value] = value.name
                }
            }
        }
    }

    private mutating func checkUniqueFields() {
        var known: [String: [String: Name]] = [:]
        for definition in definitions {
            let typeName: String
            let names: [Name]
            switch definition {
            case .typeSystem(.type(.object(let node))): (typeName, names) = (node.name.value, node.fields.map(\.name))
            case .typeSystem(.type(.interface(let node))):
                (typeName, names) = (node.name.value, node.fields.map(\.name))
            case .typeSystem(.type(.inputObject(let node))):
                (typeName, names) = (node.name.value, node.fields.map(\.name))
            case .typeSystemExtension(.type(.object(let node))):
                (typeName, names) = (node.name.value, node.fields.map(\.name))
            case .typeSystemExtension(.type(.interface(let node))):
                (typeName, names) = (node.name.value, node.fields.map(\.name))
            case .typeSystemExtension(.type(.inputObject(let node))):
                (typeName, names) = (node.name.value, node.fields.map(\.name))
            default: continue
            }
            for name in names {
                if let first = known[typeName]?[name.value] {
                    report(
                        .error, "Field '\(typeName).\(name.value)' can only be defined once.",
                        [first.location, name.location])
                } else {
                    known[typeName, default: [:]][name.value] = name
                }
            }
        }
    }

    // MARK: UniqueArgumentDefinitionNames, UniqueDirectiveNames

    private mutating func checkUniqueArgumentDefinitions() {
        for definition in definitions {
            switch definition {
            case .typeSystem(.directive(let node)):
                checkArgumentNames("@\(node.name.value)", node.arguments)
            case .typeSystem(.type(.object(let node))):
                checkArgumentNames(node.name.value, node.fields)
            case .typeSystem(.type(.interface(let node))):
                checkArgumentNames(node.name.value, node.fields)
            case .typeSystemExtension(.type(.object(let node))):
                checkArgumentNames(node.name.value, node.fields)
            case .typeSystemExtension(.type(.interface(let node))):
                checkArgumentNames(node.name.value, node.fields)
            default:
                continue
            }
        }
    }

    private mutating func checkArgumentNames(_ typeName: String, _ fields: [FieldDefinition]) {
        for field in fields {
            checkArgumentNames("\(typeName).\(field.name.value)", field.arguments)
        }
    }

    private mutating func checkArgumentNames(_ parentName: String, _ arguments: [InputValueDefinition]) {
        for (name, nodes) in Self.grouped(arguments.map(\.name)) where nodes.count > 1 {
            report(.error, "Argument '\(parentName)(\(name):)' can only be defined once.", nodes.map(\.location))
        }
    }

    private mutating func checkUniqueDirectiveNames() {
        var known: [String: Name] = [:]
        for case .typeSystem(.directive(let node)) in definitions {
            if let first = known[node.name.value] {
                report(
                    .error, "There can be only one directive named '@\(node.name.value)'.",
                    [first.location, node.name.location])
            } else {
                known[node.name.value] = node.name
            }
        }
    }

    // MARK: KnownTypeNames, KnownDirectives, UniqueDirectivesPerLocation, directive arguments, input fields

    private mutating func checkKnownTypesAndDirectives() {
        let standardNames =
            SchemaType.builtInScalarNames.union(BuiltInDefinitions.introspectionTypes.map(\.name))
        var unknownTypes: [NamedType] = []
        var applied: [(Directive, DirectiveLocation, TypeSystemWalker.Scope)] = []
        var defaultValues: [Value] = []
        var walker = TypeSystemWalker()
        walker.onNamedType = { unknownTypes.append($0) }
        walker.onDirective = { applied.append(($0, $1, $2)) }
        walker.onDefaultValue = { defaultValues.append($0) }
        for definition in definitions {
            unknownTypes.removeAll()
            applied.removeAll()
            defaultValues.removeAll()
            var isExecutable = false
            switch definition {
            case .typeSystem(let node): walker.walk(node)
            case .typeSystemExtension(let node): walker.walk(node)
            case .operation, .fragment:
                isExecutable = true
                walkExecutable(definition, &unknownTypes, &applied, &defaultValues)
            }
            for named in unknownTypes {
                let name = named.name.value
                if definedTypes[name] != nil || (!isExecutable && standardNames.contains(name)) { continue }
                let options = isExecutable ? Set(definedTypes.keys) : standardNames.union(definedTypes.keys)
                let suggestions = Suggestions.list(name, options)
                report(
                    .error, "Unknown type '\(name)'." + Suggestions.didYouMean(suggestions), [named.location])
            }
            checkDirectives(applied)
            for value in defaultValues { checkUniqueInputFields(value, severity: isExecutable ? .warning : .error) }
        }
    }

    /// Operations and fragments in a type system document are not part of the schema, but graphql-core's SDL
    /// rules still look at their type references, directives, arguments and values.
    private mutating func walkExecutable(
        _ definition: Definition, _ types: inout [NamedType],
        _ applied: inout [(Directive, DirectiveLocation, TypeSystemWalker.Scope)], _ values: inout [Value]
    ) {
        var counter = executableScopes
        defer { executableScopes = counter }
        func scope() -> TypeSystemWalker.Scope {
            counter -= 1
            return .node(counter)
        }
        func directives(_ list: [Directive], _ location: DirectiveLocation) {
            let shared = scope()
            for directive in list { applied.append((directive, location, shared)) }
        }
        func selections(_ selectionSet: SelectionSet, _ diagnostics: inout SDLValidator) {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    diagnostics.checkArgumentUniqueness(field.arguments)
                    values += field.arguments.map(\.value)
                    directives(field.directives, .field)
                    if let nested = field.selectionSet { selections(nested, &diagnostics) }
                case .fragmentSpread(let spread):
                    directives(spread.directives, .fragmentSpread)
                case .inlineFragment(let fragment):
                    if let condition = fragment.typeCondition { types.append(condition) }
                    directives(fragment.directives, .inlineFragment)
                    selections(fragment.selectionSet, &diagnostics)
                }
            }
        }
        switch definition {
        case .operation(let operation):
            for variable in operation.variableDefinitions {
                types.append(variable.type.namedType)
                if let value = variable.defaultValue { values.append(value) }
                directives(variable.directives, .variableDefinition)
            }
            let location: DirectiveLocation =
                switch operation.operation {
                case .query: .query
                case .mutation: .mutation
                case .subscription: .subscription
                }
            directives(operation.directives, location)
            selections(operation.selectionSet, &self)
        case .fragment(let fragment):
            types.append(fragment.typeCondition)
            directives(fragment.directives, .fragmentDefinition)
            selections(fragment.selectionSet, &self)
        default:
            return
        }
    }

    private mutating func checkArgumentUniqueness(_ arguments: [Argument]) {
        for (name, nodes) in Self.grouped(arguments.map(\.name)) where nodes.count > 1 {
            report(.warning, "There can be only one argument named '\(name)'.", nodes.map(\.location))
        }
    }

    private var seenDirectives: [TypeSystemWalker.Scope: [String: Directive]] = [:]
    /// Numbers the nodes of operations and fragments for UniqueDirectivesPerLocation (negative, unlike the
    /// type system walker's).
    private var executableScopes = 0

    private mutating func checkDirectives(_ applied: [(Directive, DirectiveLocation, TypeSystemWalker.Scope)]) {
        for (directive, location, scope) in applied {
            let name = directive.name.value
            guard let info = knownDirectives[name] else {
                report(.warning, "Unknown directive '@\(name)'.", [directive.location])
                checkDirectiveArguments(directive)
                continue
            }
            if !info.locations.contains(location) {
                report(
                    .warning, "Directive '@\(name)' may not be used on \(location.messageName).", [directive.location])
            }
            if !info.isRepeatable {
                if let first = seenDirectives[scope]?[name] {
                    report(
                        .warning, "The directive '@\(name)' can only be used once at this location.",
                        [first.location, directive.location])
                } else {
                    seenDirectives[scope, default: [:]][name] = directive
                }
            }
            for argument in directive.arguments where !info.argumentNames.contains(argument.name.value) {
                let suggestions = Suggestions.list(argument.name.value, info.argumentNames)
                report(
                    .warning,
                    "Unknown argument '\(argument.name.value)' on directive '@\(name)'."
                        + Suggestions.didYouMean(suggestions),
                    [argument.location])
            }
            checkDirectiveArguments(directive)
            let given = Set(directive.arguments.map(\.name.value))
            for required in info.requiredArguments where !given.contains(required.name) {
                report(
                    .warning,
                    "Argument '@\(name)(\(required.name):)' of type '\(required.type)' is required, but it was not "
                        + "provided.",
                    [directive.location])
            }
        }
    }

    /// UniqueArgumentNames and UniqueInputFieldNames within a directive's arguments.
    private mutating func checkDirectiveArguments(_ directive: Directive) {
        for (name, nodes) in Self.grouped(directive.arguments.map(\.name)) where nodes.count > 1 {
            report(.warning, "There can be only one argument named '\(name)'.", nodes.map(\.location))
        }
        for argument in directive.arguments { checkUniqueInputFields(argument.value, severity: .warning) }
    }

    private mutating func checkUniqueInputFields(_ value: Value, severity: Diagnostic.Severity) {
        switch value {
        case .list(let values, _):
            for item in values { checkUniqueInputFields(item, severity: severity) }
        case .object(let fields, _):
            var known: [String: Name] = [:]
            for field in fields {
                if let first = known[field.name.value] {
                    report(
                        severity, "There can be only one input field named '\(field.name.value)'.",
                        [first.location, field.name.location])
                } else {
                    known[field.name.value] = field.name
                }
                checkUniqueInputFields(field.value, severity: severity)
            }
        default:
            return
        }
    }

    // MARK: PossibleTypeExtensions

    private mutating func checkPossibleExtensions() {
        for case .typeSystemExtension(.type(let ext)) in definitions {
            let name = ext.name.value
            guard let definition = definedTypes[name] else {
                let suggestions = Suggestions.list(name, Array(definedTypes.keys))
                report(
                    .error,
                    "Cannot extend type '\(name)' because it is not defined." + Suggestions.didYouMean(suggestions),
                    [ext.name.location])
                continue
            }
            let (matches, kindName) = Self.extensionMatches(definition, ext)
            if !matches {
                report(.error, "Cannot extend non-\(kindName) type '\(name)'.", [definition.location, ext.location])
            }
        }
    }

    private static func extensionMatches(_ definition: TypeDefinition, _ ext: TypeExtension) -> (Bool, String) {
        switch (definition, ext) {
        case (.scalar, .scalar), (.object, .object), (.interface, .interface), (.union, .union), (.enum, .enum),
            (.inputObject, .inputObject):
            return (true, "")
        case (_, .scalar): return (false, "scalar")
        case (_, .object): return (false, "object")
        case (_, .interface): return (false, "interface")
        case (_, .union): return (false, "union")
        case (_, .enum): return (false, "enum")
        case (_, .inputObject): return (false, "input object")
        }
    }

    /// Names grouped by value, in order of first appearance (graphql-core's `group_by`).
    static func grouped(_ names: [Name]) -> [(String, [Name])] {
        var order: [String] = []
        var groups: [String: [Name]] = [:]
        for name in names {
            if groups[name.value] == nil { order.append(name.value) }
            groups[name.value, default: []].append(name)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }
}
