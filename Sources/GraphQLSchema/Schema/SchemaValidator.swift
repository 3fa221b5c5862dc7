import GraphQLParser

/// Checks a built schema against the type system rules of the spec: graphql-core 3.3's `validate_schema`, with
/// its messages and locations.
///
/// Everything that makes the schema invalid is an error, except empty types (no fields, values or members) and
/// deprecation rules, which are warnings: a client can still generate code for such a schema.
struct SchemaValidator {
    let schema: Schema
    private(set) var diagnostics: [Diagnostic] = []

    static func validate(_ schema: Schema) -> [Diagnostic] {
        var validator = SchemaValidator(schema: schema)
        validator.validateRootTypes()
        validator.validateDirectives()
        validator.validateTypes()
        return validator.diagnostics
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ message: String, _ locations: [SourceLocation?]) {
        let known = locations.compactMap { $0 }
        diagnostics.append(
            Diagnostic(
                severity: severity, message: message, location: known.first ?? .unknown,
                relatedLocations: Array(known.dropFirst())))
    }

    // MARK: Root types

    private func operationTypeNode(_ operation: OperationType) -> NamedType? {
        let nodes = (schema.definition.map { [$0.operationTypes] } ?? []) + schema.extensions.map(\.operationTypes)
        for operationTypes in nodes {
            if let node = operationTypes.first(where: { $0.operation == operation }) { return node.type }
        }
        return nil
    }

    private mutating func validateRootTypes() {
        if schema.queryType == nil {
            report(.error, "Query root type must be provided.", [schema.definition?.location])
        }
        var rootOperations: [(SchemaType, [OperationType])] = []
        for operation in OperationType.allCases {
            guard let root = schema.rootType(for: operation) else { continue }
            if root.kind != .object {
                let name = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
                report(
                    .error,
                    "\(name) root type must be Object type\(operation == .query ? "" : " if provided"), it cannot be "
                        + "\(root.name).",
                    [operationTypeNode(operation)?.location ?? root.definition?.location])
                continue
            }
            if let index = rootOperations.firstIndex(where: { $0.0 === root }) {
                rootOperations[index].1.append(operation)
            } else {
                rootOperations.append((root, [operation]))
            }
        }
        for (root, operations) in rootOperations where operations.count > 1 {
            report(
                .error,
                "All root types must be different, '\(root.name)' type is used as "
                    + "\(Suggestions.andList(operations.map(\.rawValue))) root types.",
                operations.map { operationTypeNode($0)?.location })
        }
    }

    // MARK: Directives

    private mutating func validateDirectives() {
        for directive in schema.directives where !directive.isBuiltIn {
            validateName(directive.name, directive.definition?.location)
            for argument in directive.arguments {
                validateName(argument.name, argument.definition?.location)
                let argumentString = "@\(directive.name)(\(argument.name):)"
                if !(schema.namedType(of: argument.type)?.isInputType ?? false) {
                    report(
                        .error,
                        "The type of \(argumentString) must be Input Type but got: \(argument.type).",
                        [argument.definition?.location])
                }
                validateRequiredNotDeprecated(argument, "Required argument \(argumentString) cannot be deprecated.")
                validateDefaultValue(argument, argumentString)
            }
        }
    }

    private mutating func validateRequiredNotDeprecated(_ value: SchemaInputValue, _ message: String) {
        guard value.isRequired, value.isDeprecated else { return }
        let deprecated = value.directives.first { $0.name.value == "deprecated" }
        report(.warning, message, [deprecated?.location, value.definition?.type.location])
    }

    private mutating func validateDefaultValue(_ value: SchemaInputValue, _ description: String) {
        guard let defaultValue = value.defaultValue else { return }
        for problem in InputLiteralValidator.validate(defaultValue, type: value.type, schema: schema) {
            report(
                .error, "\(description) has invalid default value\(problem.printedPath): \(problem.message)",
                [problem.location])
        }
    }

    private mutating func validateName(_ name: String, _ location: SourceLocation?) {
        if name.hasPrefix("__") {
            report(
                .error, "Name '\(name)' must not begin with '__', which is reserved by GraphQL introspection.",
                [location])
        }
    }

    // MARK: Types

    private mutating func validateTypes() {
        for type in schema.types where !type.isBuiltIn {
            validateName(type.name, type.definition?.location)
            switch type.kind {
            case .object, .interface:
                validateFields(type)
                validateInterfaces(type)
            case .union:
                validateUnionMembers(type)
            case .enum:
                validateEnumValues(type)
            case .inputObject:
                validateInputFields(type)
                detectDefaultValueCycles(type, in: [:])
            case .scalar:
                break
            }
        }
        validateInputObjectCycles()
    }

    private func typeLocations(_ type: SchemaType) -> [SourceLocation?] {
        [type.definition?.location] + type.extensions.map(\.location)
    }

    private mutating func validateFields(_ type: SchemaType) {
        if type.fields.isEmpty {
            report(.warning, "Type \(type.name) must define one or more fields.", typeLocations(type))
        }
        for field in type.fields {
            validateName(field.name, field.definition?.location)
            if !(schema.namedType(of: field.type)?.isOutputType ?? false) {
                report(
                    .error, "The type of \(type.name).\(field.name) must be Output Type but got: \(field.type).",
                    [field.definition?.type.location])
            }
            for argument in field.arguments {
                validateName(argument.name, argument.definition?.location)
                let argumentString = "\(type.name).\(field.name)(\(argument.name):)"
                if !(schema.namedType(of: argument.type)?.isInputType ?? false) {
                    report(
                        .error, "The type of \(argumentString) must be Input Type but got: \(argument.type).",
                        [argument.definition?.type.location])
                }
                validateRequiredNotDeprecated(argument, "Required argument \(argumentString) cannot be deprecated.")
                validateDefaultValue(argument, argumentString)
            }
        }
    }

    /// The `implements` references of a type (definition and extensions) to an interface.
    private func implementsNodes(_ type: SchemaType, _ interfaceName: String) -> [SourceLocation?] {
        var nodes: [NamedType] = []
        switch type.definition {
        case .object(let node): nodes += node.interfaces
        case .interface(let node): nodes += node.interfaces
        default: break
        }
        for ext in type.extensions {
            switch ext {
            case .object(let node): nodes += node.interfaces
            case .interface(let node): nodes += node.interfaces
            default: break
            }
        }
        return nodes.filter { $0.name.value == interfaceName }.map(\.location)
    }

    private mutating func validateInterfaces(_ type: SchemaType) {
        var seen: Set<String> = []
        for interfaceName in type.interfaces {
            guard let interface = schema.type(named: interfaceName), interface.kind == .interface else {
                report(
                    .error,
                    "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
                    implementsNodes(type, interfaceName))
                continue
            }
            if interface === type {
                report(
                    .error, "Type \(type.name) cannot implement itself because it would create a circular reference.",
                    implementsNodes(type, interfaceName))
            }
            if seen.contains(interfaceName) {
                report(
                    .error, "Type \(type.name) can only implement \(interfaceName) once.",
                    implementsNodes(type, interfaceName))
                continue
            }
            seen.insert(interfaceName)
            validateImplementsAncestors(type, interface)
            validateImplementsInterface(type, interface)
        }
    }

    private mutating func validateImplementsAncestors(_ type: SchemaType, _ interface: SchemaType) {
        for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
            let message =
                transitive == type.name
                ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
                : "Type \(type.name) must implement \(transitive) because it is implemented by \(interface.name)."
            report(.error, message, implementsNodes(interface, transitive) + implementsNodes(type, interface.name))
        }
    }

    private mutating func validateImplementsInterface(_ type: SchemaType, _ interface: SchemaType) {
        for interfaceField in interface.fields {
            let name = interfaceField.name
            guard let typeField = type.field(named: name) else {
                report(
                    .error, "Interface field \(interface.name).\(name) expected but \(type.name) does not provide it.",
                    [interfaceField.definition?.location] + typeLocations(type))
                continue
            }
            if !schema.isTypeSubType(typeField.type, of: interfaceField.type) {
                report(
                    .error,
                    "Interface field \(interface.name).\(name) expects type \(interfaceField.type) but "
                        + "\(type.name).\(name) is type \(typeField.type).",
                    [interfaceField.definition?.type.location, typeField.definition?.type.location])
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                guard let typeArgument = typeField.argument(named: argumentName) else {
                    report(
                        .error,
                        "Interface field argument \(interface.name).\(name)(\(argumentName):) expected but "
                            + "\(type.name).\(name) does not provide it.",
                        [interfaceArgument.definition?.location, typeField.definition?.location])
                    continue
                }
                if interfaceArgument.type != typeArgument.type {
                    report(
                        .error,
                        "Interface field argument \(interface.name).\(name)(\(argumentName):) expects type "
                            + "\(interfaceArgument.type) but \(type.name).\(name)(\(argumentName):) is type "
                            + "\(typeArgument.type).",
                        [interfaceArgument.definition?.type.location, typeArgument.definition?.type.location])
                }
            }
            for typeArgument in typeField.arguments
            where interfaceField.argument(named: typeArgument.name) == nil && typeArgument.isRequired {
                report(
                    .error,
                    "Argument '\(type.name).\(name)(\(typeArgument.name):)' must not be required type "
                        + "'\(typeArgument.type)' if not provided by the Interface field '\(interface.name).\(name)'.",
                    [typeArgument.definition?.location, interfaceField.definition?.location])
            }
            if typeField.isDeprecated && !interfaceField.isDeprecated {
                let deprecated = typeField.directives.first { $0.name.value == "deprecated" }
                report(
                    .warning,
                    "Interface field \(interface.name).\(name) is not deprecated, so implementation field "
                        + "\(type.name).\(name) must not be deprecated.",
                    [deprecated?.location, typeField.definition?.type.location])
            }
        }
    }

    private func memberNodes(_ union: SchemaType, _ memberName: String) -> [SourceLocation?] {
        var nodes: [NamedType] = []
        if case .union(let node) = union.definition { nodes += node.types }
        for case .union(let ext) in union.extensions { nodes += ext.types }
        return nodes.filter { $0.name.value == memberName }.map(\.location)
    }

    private mutating func validateUnionMembers(_ union: SchemaType) {
        if union.memberTypes.isEmpty {
            report(.warning, "Union type \(union.name) must define one or more member types.", typeLocations(union))
        }
        var included: Set<String> = []
        for member in union.memberTypes {
            if schema.type(named: member)?.kind == .object {
                if included.contains(member) {
                    report(
                        .error, "Union type \(union.name) can only include type \(member) once.",
                        memberNodes(union, member))
                } else {
                    included.insert(member)
                }
            } else {
                report(
                    .error, "Union type \(union.name) can only include Object types, it cannot include \(member).",
                    memberNodes(union, member))
            }
        }
    }

    private mutating func validateEnumValues(_ type: SchemaType) {
        if type.enumValues.isEmpty {
            report(.warning, "Enum type \(type.name) must define one or more values.", typeLocations(type))
        }
        for value in type.enumValues {
            validateName(value.name, value.definition?.location)
        }
    }

    private mutating func validateInputFields(_ type: SchemaType) {
        if type.inputFields.isEmpty {
            report(.warning, "Input Object type \(type.name) must define one or more fields.", typeLocations(type))
        }
        for field in type.inputFields {
            validateName(field.name, field.definition?.location)
            if !(schema.namedType(of: field.type)?.isInputType ?? false) {
                report(
                    .error, "The type of \(type.name).\(field.name) must be Input Type but got: \(field.type).",
                    [field.definition?.type.location])
            }
            let fieldString = "\(type.name).\(field.name)"
            validateRequiredNotDeprecated(field, "Required input field \(fieldString) cannot be deprecated.")
            validateDefaultValue(field, fieldString)
            if type.isOneOf {
                if field.type.isNonNull {
                    report(
                        .error, "OneOf input field \(fieldString) must be nullable.", [field.definition?.type.location])
                }
                if field.defaultValue != nil {
                    report(
                        .error, "OneOf input field \(fieldString) cannot have a default value.",
                        [field.definition?.location])
                }
            }
        }
    }

    // MARK: Default values that refer to themselves

    private var visitedDefaultFields: Set<String> = []
    private var defaultFieldPath: [(String, SourceLocation?)] = []
    private var defaultFieldPathIndex: [String: Int] = [:]

    /// graphql-core's `InputObjectDefaultValueCircularRefsValidator`, entered with an empty object: the default
    /// values of an input object's input object fields must not lead back to themselves.
    private mutating func detectDefaultValueCycles(_ inputObject: SchemaType, in fieldNodes: [String: ObjectField]) {
        for field in inputObject.inputFields {
            guard let fieldType = schema.namedType(of: field.type), fieldType.kind == .inputObject else { continue }
            if let node = fieldNodes[field.name] {
                detectDefaultValueCycles(fieldType, literal: node.value)
            } else {
                detectFieldDefaultValueCycle(field, fieldType, "\(inputObject.name).\(field.name)")
            }
        }
    }

    private mutating func detectDefaultValueCycles(_ inputObject: SchemaType, literal: Value) {
        switch literal {
        case .list(let items, _):
            for item in items { detectDefaultValueCycles(inputObject, literal: item) }
        case .object(let fields, _):
            var nodes: [String: ObjectField] = [:]
            for field in fields { nodes[field.name.value] = field }
            detectDefaultValueCycles(inputObject, in: nodes)
        default:
            return
        }
    }

    private mutating func detectFieldDefaultValueCycle(
        _ field: SchemaInputValue, _ fieldType: SchemaType, _ fieldString: String
    ) {
        guard let defaultValue = field.defaultValue else { return }
        if let cycleIndex = defaultFieldPathIndex[fieldString] {
            let via =
                cycleIndex < defaultFieldPath.count
                ? " via the default values of: " + defaultFieldPath[cycleIndex...].map(\.0).joined(separator: ", ")
                : ""
            report(
                .error,
                "Invalid circular reference. The default value of Input Object field \(fieldString) references "
                    + "itself\(via).",
                defaultFieldPath[(cycleIndex - 1)...].map(\.1))
            return
        }
        guard !visitedDefaultFields.contains(fieldString) else { return }
        visitedDefaultFields.insert(fieldString)
        defaultFieldPath.append((fieldString, defaultValue.location))
        defaultFieldPathIndex[fieldString] = defaultFieldPath.count
        detectDefaultValueCycles(fieldType, literal: defaultValue)
        defaultFieldPath.removeLast()
        defaultFieldPathIndex[fieldString] = nil
    }

    // MARK: Input objects that cannot be given a finite value

    /// The spec's InputObjectHasUnbreakableCycle for all input objects at once (graphql-core's
    /// `detect_input_object_non_finite_values`).
    private mutating func validateInputObjectCycles() {
        let inputObjects = schema.types.filter { $0.kind == .inputObject && !$0.isBuiltIn }
        guard !inputObjects.isEmpty else { return }
        // The fields each input object needs a finite value of (non-null input object fields; for OneOf input
        // objects, every input object field).
        var targets: [String: [(field: SchemaInputValue, target: String)]] = [:]
        var dependents: [String: [String]] = [:]
        for type in inputObjects {
            for field in type.inputFields {
                let target: String?
                if type.isOneOf {
                    target = isInputObject(field.type) ? field.type.namedType : nil
                } else if case .nonNull(.named(let name)) = field.type, schema.type(named: name)?.kind == .inputObject {
                    target = name
                } else {
                    target = nil
                }
                if let target {
                    targets[type.name, default: []].append((field, target))
                    dependents[target, default: []].append(type.name)
                }
            }
        }
        var finite: Set<String> = []
        var pending: [String] = []
        var unresolved: [String: Int] = [:]
        for type in inputObjects {
            let count = targets[type.name]?.count ?? 0
            if type.isOneOf {
                if type.inputFields.isEmpty || count < type.inputFields.count {
                    finite.insert(type.name)
                    pending.append(type.name)
                }
            } else {
                unresolved[type.name] = count
                if count == 0 {
                    finite.insert(type.name)
                    pending.append(type.name)
                }
            }
        }
        while let next = pending.popLast() {
            for dependent in dependents[next] ?? [] where !finite.contains(dependent) {
                if schema.type(named: dependent)?.isOneOf ?? false {
                    finite.insert(dependent)
                    pending.append(dependent)
                    continue
                }
                let remaining = (unresolved[dependent] ?? 0) - 1
                unresolved[dependent] = remaining
                if remaining == 0 {
                    finite.insert(dependent)
                    pending.append(dependent)
                }
            }
        }
        var visited: Set<String> = []
        var path: [(String, SourceLocation?)] = []
        var pathIndex: [String: Int] = [:]
        func reportCycles(_ name: String, _ validator: inout SchemaValidator) {
            if visited.contains(name) { return }
            visited.insert(name)
            pathIndex[name] = path.count
            for (field, target) in targets[name] ?? [] where !finite.contains(target) {
                let cycleIndex = pathIndex[target]
                path.append(("\(name).\(field.name)", field.definition?.location))
                if let cycleIndex {
                    let cycle = path[cycleIndex...]
                    validator.report(
                        .error,
                        "Input Object \(target) cannot be provided a finite value because it references itself "
                            + "through fields: \(cycle.map(\.0).joined(separator: ", ")).",
                        cycle.map(\.1))
                } else {
                    reportCycles(target, &validator)
                }
                path.removeLast()
            }
            pathIndex[name] = nil
        }
        for type in inputObjects where !finite.contains(type.name) {
            reportCycles(type.name, &self)
        }
    }

    private func isInputObject(_ type: TypeRef) -> Bool {
        if case .named(let name) = type { return schema.type(named: name)?.kind == .inputObject }
        return false
    }
}
