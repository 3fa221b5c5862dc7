import GraphQLParser

/// Checks a value literal against an input type, statically (variables are accepted anywhere), like
/// graphql-core 3.3's `validate_input_literal`: same checks, same order, same messages.
///
/// Used by the validator's ValuesOfCorrectType rule and by the schema builder for default values.
struct InputLiteralValidator {
    /// A step into a value: an input object field or a list index.
    enum PathComponent: Sendable, Hashable {
        /// An input object field.
        case field(String)
        /// A list item.
        case index(Int)
    }

    /// A problem with the literal.
    struct Problem: Sendable, Hashable {
        /// The message, in graphql-core's wording.
        var message: String
        /// Where the offending value (or input object field) is.
        var location: SourceLocation
        /// Where in the value it is.
        var path: [PathComponent]

        /// graphql-core's `print_path_list`: `" at .field[0]"`, empty for the value itself.
        var printedPath: String {
            guard !path.isEmpty else { return "" }
            return " at "
                + path.map { component in
                    switch component {
                    case .field(let name): ".\(name)"
                    case .index(let index): "[\(index)]"
                    }
                }.joined()
        }
    }

    let schema: Schema
    private(set) var problems: [Problem] = []

    init(schema: Schema) {
        self.schema = schema
    }

    /// Checks a literal against a type; the problems are appended to ``problems``.
    static func validate(_ value: Value, type: TypeRef, schema: Schema) -> [Problem] {
        var validator = InputLiteralValidator(schema: schema)
        validator.validate(value, type: type, path: [])
        return validator.problems
    }

    private mutating func report(_ message: String, _ location: SourceLocation, _ path: [PathComponent]) {
        problems.append(Problem(message: message, location: location, path: path))
    }

    mutating func validate(_ value: Value, type: TypeRef, path: [PathComponent]) {
        if case .variable = value { return }
        switch type {
        case .nonNull(let inner):
            if case .null(let location) = value {
                report("Expected value of non-null type '\(type)' not to be None.", location, path)
                return
            }
            validate(value, type: inner, path: path)
        case .list(let item):
            if case .null = value { return }
            if case .list(let items, _) = value {
                for (index, itemValue) in items.enumerated() {
                    validate(itemValue, type: item, path: path + [.index(index)])
                }
            } else {
                validate(value, type: item, path: path)
            }
        case .named(let name):
            if case .null = value { return }
            guard let namedType = schema.type(named: name) else { return }
            switch namedType.kind {
            case .inputObject: validateInputObject(value, type: namedType, path: path)
            case .enum: validateEnum(value, type: namedType, path: path)
            case .scalar: validateScalar(value, type: namedType, path: path)
            case .object, .interface, .union: return
            }
        }
    }

    private mutating func validateInputObject(_ value: Value, type: SchemaType, path: [PathComponent]) {
        guard case .object(let fieldNodes, let location) = value else {
            report(
                "Expected value of type '\(type.name)' to be an object, found: \(ValuePrinter.print(value)).",
                value.location, path)
            return
        }
        var nodesByName: [String: ObjectField] = [:]
        for field in fieldNodes { nodesByName[field.name.value] = field }
        for field in type.inputFields {
            if let node = nodesByName[field.name] {
                validate(node.value, type: field.type, path: path + [.field(field.name)])
            } else if field.isRequired {
                report(
                    "Expected value of type '\(type.name)' to include required field '\(field.name)', found: "
                        + "\(ValuePrinter.print(value)).",
                    location, path)
            }
        }
        var knownFields: [ObjectField] = []
        for node in fieldNodes {
            if type.inputField(named: node.name.value) == nil {
                let suggestion = Suggestions.didYouMean(
                    Suggestions.list(node.name.value, type.inputFields.map(\.name)))
                report(
                    "Expected value of type '\(type.name)' not to include unknown field '\(node.name.value)'"
                        + (suggestion.isEmpty ? ", found" : ".\(suggestion) Found")
                        + ": \(ValuePrinter.print(value)).",
                    node.location, path)
            } else {
                knownFields.append(node)
            }
        }
        if type.isOneOf {
            let message =
                "Within OneOf Input Object type '\(type.name)', exactly one field must be specified, and the value "
                + "for that field must be non-null."
            if knownFields.count != 1 {
                report(message, location, path)
                return
            }
            if let only = knownFields.first, case .null = only.value {
                report(message, location, path + [.field(only.name.value)])
            }
        }
    }

    /// The value as graphql-core's leaf types see it: `replace_variables` makes lists and objects anew, without
    /// their variables (list items become `null`, object fields are left out), which is what messages print.
    /// (graphql-core's new nodes also have no location, so its errors about them have none; ours keep the
    /// location of the value as written.)
    static func replacingVariables(_ value: Value) -> Value {
        switch value {
        case .variable(let variable): return .null(location: variable.location)
        case .list(let items, let location): return .list(items.map(replacingVariables), location: location)
        case .object(let fields, let location):
            return .object(
                fields.compactMap { field in
                    if case .variable = field.value { return nil }
                    return ObjectField(
                        name: field.name, value: replacingVariables(field.value), location: field.location)
                },
                location: location)
        default: return value
        }
    }

    private mutating func validateEnum(_ value: Value, type: SchemaType, path: [PathComponent]) {
        if case .enum(let name, _) = value, type.enumValue(named: name) != nil { return }
        let printed = ValuePrinter.print(Self.replacingVariables(value))
        let suggestion = Suggestions.didYouMean(
            Suggestions.list(printed, type.enumValues.map(\.name)), "the enum value")
        if case .enum = value {
            report("Value '\(printed)' does not exist in '\(type.name)' enum.\(suggestion)", value.location, path)
        } else {
            report(
                "Enum '\(type.name)' cannot represent non-enum value: \(printed).\(suggestion)", value.location, path)
        }
    }

    private mutating func validateScalar(_ written: Value, type: SchemaType, path: [PathComponent]) {
        guard type.isBuiltIn else { return }  // Custom scalars accept any literal.
        let location = written.location
        let value = Self.replacingVariables(written)
        switch type.name {
        case "Int":
            guard case .int(let text, _) = value else {
                report("Int cannot represent non-integer value: \(ValuePrinter.print(value))", location, path)
                return
            }
            if !Self.isInt32(text) {
                report("Int cannot represent non 32-bit signed integer value: \(text)", location, path)
            }
        case "Float":
            switch value {
            case .int, .float: return
            default: report("Float cannot represent non numeric value: \(ValuePrinter.print(value))", location, path)
            }
        case "String":
            if case .string = value { return }
            report("String cannot represent a non string value: \(ValuePrinter.print(value))", location, path)
        case "Boolean":
            if case .boolean = value { return }
            report("Boolean cannot represent a non boolean value: \(ValuePrinter.print(value))", location, path)
        case "ID":
            switch value {
            case .int, .string: return
            default:
                report(
                    "ID cannot represent a non-string and non-integer value: \(ValuePrinter.print(value))", location,
                    path)
            }
        default:
            return
        }
    }

    /// Whether an integer literal fits GraphQL's 32-bit `Int`.
    static func isInt32(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let significant = digits.drop { $0 == "0" }
        if significant.count > 10 { return false }
        guard let magnitude = Int64(significant.isEmpty ? "0" : String(significant)) else { return false }
        return text.hasPrefix("-") ? magnitude <= 2_147_483_648 : magnitude <= 2_147_483_647
    }
}
