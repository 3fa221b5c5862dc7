import GraphQLParser
import GraphQLSchema

/// Coerces input values (JSON variable values and literals) to the schema's input types, as graphql-core
/// does for the built-in scalars, enums and input objects, as the reference backend does for `Long`, and by the
/// served schema's own rules for its other custom scalars.
package struct GraphQLInputCoercion {
    /// The served schema, whose enums and input objects are consulted.
    package let schema: Schema
    /// The custom scalars' rules.
    package let customScalars: GraphQLCustomScalars

    /// Creates a coercion for a schema.
    package init(schema: Schema, customScalars: GraphQLCustomScalars = GraphQLCustomScalars()) {
        self.schema = schema
        self.customScalars = customScalars
    }

    // MARK: Variables (JSON)

    /// Coerces a JSON variable value to `type`.
    package func coerce(json: JSONValue, to type: TypeRef, path: String = "") throws(GraphQLCoercionFailure)
        -> GraphQLInputValue
    {
        switch type {
        case .nonNull(let inner):
            if json.isNull {
                throw GraphQLCoercionFailure(
                    message: "Expected non-nullable type \"\(type)\" not to be null.", value: "null", path: path)
            }
            return try coerce(json: json, to: inner, path: path)
        case .list(let inner):
            switch json {
            case .null:
                return .null
            case .array(let elements):
                var values: [GraphQLInputValue] = []
                for (index, element) in elements.enumerated() {
                    values.append(try coerce(json: element, to: inner, path: path + "[\(index)]"))
                }
                return .list(values)
            default:
                return .list([try coerce(json: json, to: inner, path: path)])
            }
        case .named(let name):
            if json.isNull { return .null }
            if let inputType = schema.type(named: name), inputType.kind == .inputObject {
                return try coerceObject(json: json, type: inputType, path: path)
            }
            do {
                return try coerceLeaf(json: json, typeName: name)
            } catch {
                throw GraphQLCoercionFailure(message: error.message, value: json.jsonText, path: path)
            }
        }
    }

    private func coerceLeaf(json: JSONValue, typeName: String) throws(GraphQLCoercionFailure) -> GraphQLInputValue {
        let shown = json.jsonText
        func fail(_ message: String) -> GraphQLCoercionFailure {
            GraphQLCoercionFailure(message: message, value: shown, path: "")
        }
        switch typeName {
        case "Int":
            guard case .number(let literal) = json, let number = GraphQLInputCoercion.integralValue(literal) else {
                throw fail("Int cannot represent non-integer value: \(shown)")
            }
            guard let value = number, value >= Int64(Int32.min), value <= Int64(Int32.max) else {
                throw fail("Int cannot represent non 32-bit signed integer value: \(shown)")
            }
            return .int(value)
        case "Float":
            guard case .number(let literal) = json, let value = Double(literal), value.isFinite else {
                throw fail("Float cannot represent non numeric value: \(shown)")
            }
            return .float(value)
        case "String":
            guard case .string(let value) = json else {
                throw fail("String cannot represent a non string value: \(shown)")
            }
            return .string(value)
        case "Boolean":
            guard case .bool(let value) = json else {
                throw fail("Boolean cannot represent a non boolean value: \(shown)")
            }
            return .boolean(value)
        case "ID":
            switch json {
            case .string(let value):
                return .string(value)
            case .number(let literal):
                if GraphQLInputCoercion.isIntegerLiteral(literal) {
                    return .string(literal == "-0" ? "0" : literal)
                }
                if let number = GraphQLInputCoercion.integralValue(literal), let value = number {
                    return .string(String(value))
                }
                throw fail("ID cannot represent value: \(shown)")
            default:
                throw fail("ID cannot represent value: \(shown)")
            }
        default:
            if let rule = customScalars.rules[typeName] {
                switch rule.json(json) {
                case .success(let value): return value
                case .failure(let error): throw fail(error.message)
                }
            }
            if typeName == "Long" { return .int(try GraphQLInputCoercion.long(fromJSON: json)) }
            guard let enumType = schema.type(named: typeName), enumType.kind == .enum else {
                if let scalar = schema.type(named: typeName), scalar.kind == .scalar {
                    return GraphQLInputCoercion.anyValue(json)
                }
                throw fail("Unknown type \"\(typeName)\".")
            }
            let enumName = enumType.name
            guard case .string(let name) = json else {
                throw fail("Enum \"\(enumName)\" cannot represent non-string value: \(shown).")
            }
            guard enumType.enumValue(named: name) != nil else {
                throw fail("Value \"\(name)\" does not exist in \"\(enumName)\" enum.")
            }
            return .enumValue(name)
        }
    }

    /// The reference backend's `Long` input rule: an integer within Int64, an integral float up to 2^53, or a
    /// decimal string within Int64.
    package static func long(fromJSON json: JSONValue) throws(GraphQLCoercionFailure) -> Int64 {
        let shown = json.jsonText
        func fail(_ message: String) -> GraphQLCoercionFailure {
            GraphQLCoercionFailure(message: message, value: shown, path: "")
        }
        switch json {
        case .bool:
            throw fail("Long cannot represent a Boolean: \(shown).")
        case .number(let literal):
            if isIntegerLiteral(literal) {
                guard let value = Int64(literal) else {
                    throw fail("Long cannot represent \(literal): outside the 64-bit signed range.")
                }
                return value
            }
            guard let double = Double(literal), double.isFinite, double.rounded() == double,
                abs(double) <= 9_007_199_254_740_992
            else { throw fail("Long cannot represent the non-integer or imprecise number \(shown).") }
            return Int64(double)
        case .string(let text):
            guard isDecimalString(text) else {
                throw fail("Long cannot represent \(shown): expected an integer or a decimal string.")
            }
            guard let value = Int64(text) else {
                throw fail("Long cannot represent \(text): outside the 64-bit signed range.")
            }
            return value
        default:
            throw fail("Long cannot represent \(shown): expected an integer or a decimal string.")
        }
    }

    // MARK: Literals

    /// Coerces a literal to `type`; variables are looked up in `variables` (coerced values; a variable that is
    /// not there was not provided). Returns `nil` when the literal is a variable that was not provided.
    package func coerce(
        literal: Value, to type: TypeRef, variables: [String: GraphQLInputValue]
    ) throws(GraphQLCoercionFailure) -> GraphQLInputValue? {
        if case .variable(let variable) = literal {
            return variables[variable.name.value]
        }
        switch type {
        case .nonNull(let inner):
            if case .null = literal {
                throw GraphQLCoercionFailure(
                    message: "Expected value of type \"\(type)\", found null.", value: "null", path: "")
            }
            let value = try coerce(literal: literal, to: inner, variables: variables)
            if value == .null {
                throw GraphQLCoercionFailure(
                    message: "Expected value of type \"\(type)\", found null.", value: "null", path: "")
            }
            return value
        case .list(let inner):
            switch literal {
            case .null:
                return .null
            case .list(let elements, _):
                var values: [GraphQLInputValue] = []
                for element in elements {
                    values.append(try coerce(literal: element, to: inner, variables: variables) ?? .null)
                }
                return .list(values)
            default:
                return try coerce(literal: literal, to: inner, variables: variables).map { .list([$0]) }
            }
        case .named(let name):
            if case .null = literal { return .null }
            if let inputType = schema.type(named: name), inputType.kind == .inputObject {
                return try coerceObject(literal: literal, type: inputType, variables: variables)
            }
            return try coerceLeaf(literal: literal, typeName: name)
        }
    }

    private func coerceLeaf(literal: Value, typeName: String) throws(GraphQLCoercionFailure) -> GraphQLInputValue {
        let shown = GraphQLValuePrinter.print(literal)
        func fail(_ message: String) -> GraphQLCoercionFailure {
            GraphQLCoercionFailure(message: message, value: shown, path: "")
        }
        switch (typeName, literal) {
        case ("Int", .int(let text, _)):
            guard let value = Int64(text), value >= Int64(Int32.min), value <= Int64(Int32.max) else {
                throw fail("Int cannot represent non 32-bit signed integer value: \(text)")
            }
            return .int(value)
        case ("Int", _):
            throw fail("Int cannot represent non-integer value: \(shown)")
        case ("Float", .int(let text, _)), ("Float", .float(let text, _)):
            guard let value = Double(text), value.isFinite else {
                throw fail("Float cannot represent non numeric value: \(shown)")
            }
            return .float(value)
        case ("Float", _):
            throw fail("Float cannot represent non numeric value: \(shown)")
        case ("String", .string(let string)):
            return .string(string.value)
        case ("String", _):
            throw fail("String cannot represent a non string value: \(shown)")
        case ("Boolean", .boolean(let flag, _)):
            return .boolean(flag)
        case ("Boolean", _):
            throw fail("Boolean cannot represent a non boolean value: \(shown)")
        case ("ID", .string(let string)):
            return .string(string.value)
        case ("ID", .int(let text, _)):
            return .string(text)
        case ("ID", _):
            throw fail("ID cannot represent a non-string and non-integer value: \(shown)")
        case (_, _) where customScalars.rules[typeName] != nil:
            guard let rule = customScalars.rules[typeName] else { throw fail("Unknown type \"\(typeName)\".") }
            switch rule.literal(literal) {
            case .success(let value): return value
            case .failure(let error): throw fail(error.message)
            }
        case ("Long", .int(let text, _)):
            guard let value = Int64(text) else {
                throw fail("Long cannot represent \(text): outside the 64-bit signed range.")
            }
            return .int(value)
        case ("Long", .string(let string)) where GraphQLInputCoercion.isDecimalString(string.value):
            guard let value = Int64(string.value) else {
                throw fail("Long cannot represent \(string.value): outside the 64-bit signed range.")
            }
            return .int(value)
        case ("Long", _):
            throw fail("Long cannot represent a literal that is not an integer or a decimal string.")
        default:
            guard let enumType = schema.type(named: typeName), enumType.kind == .enum else {
                if let scalar = schema.type(named: typeName), scalar.kind == .scalar,
                    let value = GraphQLInputCoercion.anyValue(literal)
                {
                    return value
                }
                throw fail("Unknown type \"\(typeName)\".")
            }
            let enumName = enumType.name
            guard case .enum(let name, _) = literal else {
                throw fail("Enum \"\(enumName)\" cannot represent non-enum value: \(shown).")
            }
            guard enumType.enumValue(named: name) != nil else {
                throw fail("Value \"\(name)\" does not exist in \"\(enumName)\" enum.")
            }
            return .enumValue(name)
        }
    }

    /// The validation message for a literal that cannot be coerced to `type` (variables inside are not
    /// checked here), or `nil` when it can.
    package func literalError(_ literal: Value, for type: TypeRef) -> String? {
        if case .variable = literal { return nil }
        switch type {
        case .nonNull(let inner):
            if case .null = literal { return "Expected value of type \"\(type)\", found null." }
            return literalError(literal, for: inner)
        case .list(let inner):
            if case .list(let elements, _) = literal {
                return elements.lazy.compactMap { literalError($0, for: inner) }.first
            }
            return literalError(literal, for: inner)
        case .named(let name):
            if case .null = literal { return nil }
            if let inputType = schema.type(named: name), inputType.kind == .inputObject {
                guard case .object(let fields, _) = literal else {
                    return "Expected value of type \"\(name)\", found \(GraphQLValuePrinter.print(literal))."
                }
                for field in fields {
                    guard let definition = inputType.inputField(named: field.name.value) else {
                        return "Field \"\(field.name.value)\" is not defined by type \"\(name)\"."
                    }
                    if let error = literalError(field.value, for: definition.type) { return error }
                }
                for definition in inputType.inputFields where definition.isRequired {
                    if !fields.contains(where: { $0.name.value == definition.name }) {
                        return "Field \"\(name).\(definition.name)\" of required type \"\(definition.type)\" was not "
                            + "provided."
                    }
                }
                return nil
            }
            do {
                _ = try coerceLeaf(literal: literal, typeName: name)
                return nil
            } catch {
                return error.message
            }
        }
    }

    // MARK: Input objects and custom scalars

    /// An input object's value from a JSON object: every field coerced, defaults filled in, unknown and missing
    /// required fields refused.
    private func coerceObject(
        json: JSONValue, type: SchemaType, path: String
    ) throws(GraphQLCoercionFailure) -> GraphQLInputValue {
        guard case .object(let members) = json else {
            throw GraphQLCoercionFailure(
                message: "Expected type \"\(type.name)\" to be an object.", value: json.jsonText, path: path)
        }
        var fields: [String: GraphQLInputValue] = [:]
        for (name, value) in members {
            guard let definition = type.inputField(named: name) else {
                throw GraphQLCoercionFailure(
                    message: "Field \"\(name)\" is not defined by type \"\(type.name)\".", value: json.jsonText,
                    path: path)
            }
            fields[name] = try coerce(json: value, to: definition.type, path: path + ".\(name)")
        }
        for definition in type.inputFields where fields[definition.name] == nil {
            if let defaultValue = definition.defaultValue,
                let value = try coerce(literal: defaultValue, to: definition.type, variables: [:])
            {
                fields[definition.name] = value
            } else if definition.type.isNonNull {
                throw GraphQLCoercionFailure(
                    message: "Field \"\(definition.name)\" of required type \"\(definition.type)\" was not provided.",
                    value: json.jsonText, path: path)
            }
        }
        if type.isOneOf, fields.count != 1 || fields.values.contains(.null) {
            throw GraphQLCoercionFailure(
                message: "Exactly one key must be specified for OneOf type \"\(type.name)\".", value: json.jsonText,
                path: path)
        }
        return .object(fields)
    }

    /// An input object's value from an object literal (variables inside looked up in `variables`).
    private func coerceObject(
        literal: Value, type: SchemaType, variables: [String: GraphQLInputValue]
    ) throws(GraphQLCoercionFailure) -> GraphQLInputValue {
        guard case .object(let literalFields, _) = literal else {
            throw GraphQLCoercionFailure(
                message: "Expected value of type \"\(type.name)\", found \(GraphQLValuePrinter.print(literal)).",
                value: GraphQLValuePrinter.print(literal), path: "")
        }
        var fields: [String: GraphQLInputValue] = [:]
        for definition in type.inputFields {
            let node = literalFields.first { $0.name.value == definition.name }
            var value: GraphQLInputValue?
            if let node { value = try coerce(literal: node.value, to: definition.type, variables: variables) }
            if value == nil, let defaultValue = definition.defaultValue {
                value = try coerce(literal: defaultValue, to: definition.type, variables: [:])
            }
            if let value {
                fields[definition.name] = value
            } else if definition.type.isNonNull {
                throw GraphQLCoercionFailure(
                    message: "Field \"\(definition.name)\" of required type \"\(definition.type)\" was not provided.",
                    value: GraphQLValuePrinter.print(literal), path: "")
            }
        }
        return .object(fields)
    }

    /// A custom scalar's JSON value taken as it is.
    static func anyValue(_ json: JSONValue) -> GraphQLInputValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .boolean(flag)
        case .string(let text): return .string(text)
        case .number(let literal):
            if isIntegerLiteral(literal), let value = Int64(literal) { return .int(value) }
            return .float(Double(literal) ?? 0)
        case .array(let items): return .list(items.map(anyValue))
        case .object(let members):
            var fields: [String: GraphQLInputValue] = [:]
            for (name, value) in members { fields[name] = anyValue(value) }
            return .object(fields)
        }
    }

    /// A custom scalar's literal taken as it is (`nil` for a variable inside it).
    static func anyValue(_ literal: Value) -> GraphQLInputValue? {
        switch literal {
        case .variable: return nil
        case .null: return .null
        case .boolean(let flag, _): return .boolean(flag)
        case .string(let string): return .string(string.value)
        case .enum(let name, _): return .string(name)
        case .int(let text, _): return Int64(text).map { .int($0) } ?? .float(Double(text) ?? 0)
        case .float(let text, _): return .float(Double(text) ?? 0)
        case .list(let items, _):
            var values: [GraphQLInputValue] = []
            for item in items {
                guard let value = anyValue(item) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .object(let fields, _):
            var values: [String: GraphQLInputValue] = [:]
            for field in fields {
                guard let value = anyValue(field.value) else { return nil }
                values[field.name.value] = value
            }
            return .object(values)
        }
    }

    // MARK: Numbers

    /// `true` for `-?(0|[1-9][0-9]*)`.
    package static func isDecimalString(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return false }
        if first == UInt8(ascii: "0") && bytes.count > 1 { return false }
        return bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether a JSON number literal is written as an integer (no fraction, no exponent).
    package static func isIntegerLiteral(_ literal: String) -> Bool {
        isDecimalString(literal) || literal == "-0"
    }

    /// For a JSON number literal that denotes an integer (as Python's `json` reads it: an integer literal, or
    /// a float with an integral value): `.some(value)` when it fits Int64, `.some(nil)` when it does not;
    /// `nil` when the number is not integral.
    package static func integralValue(_ literal: String) -> Int64?? {
        if isIntegerLiteral(literal) {
            return .some(Int64(literal))
        }
        guard let double = Double(literal), double.isFinite, double.rounded() == double else { return nil }
        guard double >= -9.223_372_036_854_775_808e18, double < 9.223_372_036_854_775_808e18 else { return .some(nil) }
        return .some(Int64(double))
    }
}
