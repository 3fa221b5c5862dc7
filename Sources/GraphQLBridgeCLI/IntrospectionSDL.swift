import GraphQLServer

/// The schema a server describes by introspection, printed as SDL (as graphql-js's `printSchema` prints
/// `buildClientSchema`'s schema): built-in scalars, introspection types and the spec's directives left out, types
/// and directives in the server's order, descriptions as block strings, `@deprecated`, `@specifiedBy` and
/// `@oneOf` kept.
enum IntrospectionSDL {
    /// The introspection query (graphql-js's `getIntrospectionQuery` with descriptions, `specifiedByURL`,
    /// `isRepeatable`, deprecated arguments and input fields, and `isOneOf`); `full: false` asks only what every
    /// server since the 2018 spec answers.
    static func query(full: Bool) -> String {
        let deprecatedInputs = full ? "(includeDeprecated: true)" : ""
        let inputDeprecation = full ? "isDeprecated deprecationReason" : ""
        return """
            query IntrospectionQuery {
              __schema {
                \(full ? "description" : "")
                queryType { name }
                mutationType { name }
                subscriptionType { name }
                types { ...FullType }
                directives {
                  name description \(full ? "isRepeatable" : "") locations
                  args\(deprecatedInputs) { ...InputValue }
                }
              }
            }
            fragment FullType on __Type {
              kind name description \(full ? "specifiedByURL isOneOf" : "")
              fields(includeDeprecated: true) {
                name description
                args\(deprecatedInputs) { ...InputValue }
                type { ...TypeRef }
                isDeprecated deprecationReason
              }
              inputFields\(deprecatedInputs) { ...InputValue }
              interfaces { ...TypeRef }
              enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
              possibleTypes { ...TypeRef }
            }
            fragment InputValue on __InputValue {
              name description type { ...TypeRef } defaultValue \(inputDeprecation)
            }
            fragment TypeRef on __Type {
              kind name
              ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name
                ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
            }
            """
    }

    /// Why an introspection result cannot be printed: what is missing or malformed, and where.
    struct Malformed: Error, CustomStringConvertible {
        let path: String
        let problem: String
        var description: String { "the introspection result is malformed at \(path): \(problem)" }
    }

    private static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    private static let specifiedDirectives: Set<String> = [
        "skip", "include", "deprecated", "specifiedBy", "oneOf",
    ]

    /// The SDL of `__schema` (the value of `data.__schema`).
    static func print(schema: JSONValue) throws(Malformed) -> String {
        var blocks: [String] = []
        let query = schema["queryType"]?["name"]?.stringValue
        let mutation = schema["mutationType"]?["name"]?.stringValue
        let subscription = schema["subscriptionType"]?["name"]?.stringValue
        let description = schema["description"]?.stringValue
        if query.map({ $0 != "Query" }) ?? true || mutation.map({ $0 != "Mutation" }) ?? false
            || subscription.map({ $0 != "Subscription" }) ?? false || description != nil
        {
            var lines: [String] = []
            if let query { lines.append("  query: \(query)") }
            if let mutation { lines.append("  mutation: \(mutation)") }
            if let subscription { lines.append("  subscription: \(subscription)") }
            blocks.append(
                printDescription(description, indent: "") + "schema {\n" + lines.joined(separator: "\n") + "\n}")
        }
        guard case .array(let directives)? = schema["directives"] else {
            throw Malformed(path: "__schema.directives", problem: "expected a list")
        }
        for (index, directive) in directives.enumerated() {
            let path = "__schema.directives[\(index)]"
            let name = try string(directive, "name", path)
            guard !specifiedDirectives.contains(name) else { continue }
            var text = printDescription(directive["description"]?.stringValue, indent: "") + "directive @\(name)"
            text += try printArguments(directive["args"], path: path + ".args", indent: "")
            if directive["isRepeatable"]?.boolValue == true { text += " repeatable" }
            guard case .array(let locations)? = directive["locations"] else {
                throw Malformed(path: path + ".locations", problem: "expected a list")
            }
            text += " on " + locations.compactMap(\.stringValue).joined(separator: " | ")
            blocks.append(text)
        }
        guard case .array(let types)? = schema["types"] else {
            throw Malformed(path: "__schema.types", problem: "expected a list")
        }
        for (index, type) in types.enumerated() {
            let path = "__schema.types[\(index)]"
            let name = try string(type, "name", path)
            guard !name.hasPrefix("__"), !builtInScalars.contains(name) else { continue }
            blocks.append(try printType(type, name: name, path: path))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func printType(_ type: JSONValue, name: String, path: String) throws(Malformed) -> String {
        let kind = try string(type, "kind", path)
        var text = printDescription(type["description"]?.stringValue, indent: "")
        switch kind {
        case "SCALAR":
            text += "scalar \(name)"
            if let url = type["specifiedByURL"]?.stringValue {
                text += " @specifiedBy(url: \(printString(url)))"
            }
        case "OBJECT", "INTERFACE":
            text += (kind == "OBJECT" ? "type " : "interface ") + name
            if case .array(let interfaces)? = type["interfaces"], !interfaces.isEmpty {
                var names: [String] = []
                for (index, interface) in interfaces.enumerated() {
                    names.append(try string(interface, "name", path + ".interfaces[\(index)]"))
                }
                text += " implements " + names.joined(separator: " & ")
            }
            guard case .array(let fields)? = type["fields"] else {
                throw Malformed(path: path + ".fields", problem: "expected a list")
            }
            var lines: [String] = []
            for (index, field) in fields.enumerated() {
                let fieldPath = path + ".fields[\(index)]"
                var line = printDescription(field["description"]?.stringValue, indent: "  ", firstInBlock: index == 0)
                line += "  " + (try string(field, "name", fieldPath))
                line += try printArguments(field["args"], path: fieldPath + ".args", indent: "  ")
                line += ": " + (try printTypeRef(field["type"], path: fieldPath + ".type"))
                line += printDeprecation(field)
                lines.append(line)
            }
            if !lines.isEmpty { text += " {\n" + lines.joined(separator: "\n") + "\n}" }
        case "UNION":
            text += "union \(name)"
            if case .array(let members)? = type["possibleTypes"], !members.isEmpty {
                var names: [String] = []
                for (index, member) in members.enumerated() {
                    names.append(try string(member, "name", path + ".possibleTypes[\(index)]"))
                }
                text += " = " + names.joined(separator: " | ")
            }
        case "ENUM":
            text += "enum \(name)"
            guard case .array(let values)? = type["enumValues"] else {
                throw Malformed(path: path + ".enumValues", problem: "expected a list")
            }
            var lines: [String] = []
            for (index, value) in values.enumerated() {
                let valuePath = path + ".enumValues[\(index)]"
                lines.append(
                    printDescription(value["description"]?.stringValue, indent: "  ", firstInBlock: index == 0) + "  "
                        + (try string(value, "name", valuePath)) + printDeprecation(value))
            }
            if !lines.isEmpty { text += " {\n" + lines.joined(separator: "\n") + "\n}" }
        case "INPUT_OBJECT":
            text += "input \(name)"
            if type["isOneOf"]?.boolValue == true { text += " @oneOf" }
            guard case .array(let fields)? = type["inputFields"] else {
                throw Malformed(path: path + ".inputFields", problem: "expected a list")
            }
            var lines: [String] = []
            for (index, field) in fields.enumerated() {
                lines.append(
                    try printInputValue(
                        field, path: path + ".inputFields[\(index)]", indent: "  ", firstInBlock: index == 0))
            }
            if !lines.isEmpty { text += " {\n" + lines.joined(separator: "\n") + "\n}" }
        default:
            throw Malformed(path: path + ".kind", problem: "unknown kind '\(kind)' for a named type")
        }
        return text
    }

    private static func printArguments(_ arguments: JSONValue?, path: String, indent: String) throws(Malformed)
        -> String
    {
        guard case .array(let values)? = arguments, !values.isEmpty else { return "" }
        var printed: [String] = []
        for (index, value) in values.enumerated() {
            printed.append(try printInputValue(value, path: path + "[\(index)]", indent: ""))
        }
        if values.allSatisfy({ $0["description"]?.stringValue == nil }) {
            return "(" + printed.joined(separator: ", ") + ")"
        }
        // One argument a line when any has a description (graphql-js's layout).
        printed = []
        for (index, value) in values.enumerated() {
            printed.append(
                try printInputValue(value, path: path + "[\(index)]", indent: indent + "  ", firstInBlock: index == 0))
        }
        return "(\n" + printed.joined(separator: "\n") + "\n" + indent + ")"
    }

    private static func printInputValue(
        _ value: JSONValue, path: String, indent: String, firstInBlock: Bool = true
    ) throws(Malformed) -> String {
        var text =
            printDescription(value["description"]?.stringValue, indent: indent, firstInBlock: firstInBlock) + indent
        text += try string(value, "name", path) + ": " + (try printTypeRef(value["type"], path: path + ".type"))
        if let defaultValue = value["defaultValue"]?.stringValue { text += " = \(defaultValue)" }
        return text + printDeprecation(value)
    }

    private static func printTypeRef(_ type: JSONValue?, path: String) throws(Malformed) -> String {
        guard let type else { throw Malformed(path: path, problem: "missing") }
        switch type["kind"]?.stringValue {
        case "NON_NULL": return try printTypeRef(type["ofType"], path: path + ".ofType") + "!"
        case "LIST": return "[" + (try printTypeRef(type["ofType"], path: path + ".ofType")) + "]"
        default: return try string(type, "name", path)
        }
    }

    private static func printDeprecation(_ value: JSONValue) -> String {
        guard value["isDeprecated"]?.boolValue == true else { return "" }
        let reason = value["deprecationReason"]?.stringValue
        guard let reason, reason != "No longer supported" else { return " @deprecated" }
        return " @deprecated(reason: \(printString(reason)))"
    }

    /// A description as graphql-core prints it; a described member that is not the first of its block is set
    /// apart by an empty line.
    private static func printDescription(_ description: String?, indent: String, firstInBlock: Bool = true) -> String {
        guard let description else { return "" }
        guard firstInBlock else { return "\n" + printDescription(description, indent: indent) }
        if !description.contains("\"\"\"") && !description.hasSuffix("\\") && !description.hasSuffix("\"") {
            let body = description.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
            let single = !description.contains("\n") && description.count < 70
            return single
                ? indent + "\"\"\"\(description)\"\"\"\n" : indent + "\"\"\"\n" + body + "\n" + indent + "\"\"\"\n"
        }
        return indent + printString(description) + "\n"
    }

    private static func printString(_ text: String) -> String {
        JSONValue.string(text).jsonText
    }

    private static func string(_ value: JSONValue, _ member: String, _ path: String) throws(Malformed) -> String {
        guard let text = value[member]?.stringValue else {
            throw Malformed(path: path + ".\(member)", problem: "expected a string")
        }
        return text
    }
}
