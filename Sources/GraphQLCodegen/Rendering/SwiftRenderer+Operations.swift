extension SwiftRenderer {
    /// The Swift declaration of an operation: its name, document, variables and `Data`.
    public func declaration(of plan: OperationPlan) -> String {
        var writer = CodeWriter()
        writeDoc(title: "`\(plan.signature)`", description: plan.description, to: &writer)
        let conformance: String
        switch plan.operationType {
        case .query: conformance = "GraphQLQuery"
        case .mutation: conformance = "GraphQLMutation"
        case .subscription: conformance = "GraphQLSubscription"
        }
        writer.open("\(access)struct \(plan.swiftName): \(conformance)")
        writer.line("\(access)static let operationName = \"\(SwiftNames.stringLiteralContents(plan.name))\"")
        StringExpression(literal: plan.minifiedText, references: plan.fragments.map { "\($0).fragmentDefinition" })
            .write(declaration: "\(access)static let document", to: &writer)
        writer.doc("The SHA-256 of `document`: the operation's id for persisted queries.")
        writer.line("\(access)static let operationIdentifier = \"\(self.plan.operationIdentifier(of: plan))\"")

        writer.blankLine()
        for variable in plan.variables {
            writeInputValueDoc(variable, to: &writer)
            writer.line("\(access)var \(SwiftNames.escaped(variable.propertyName)): \(variable.swiftType)")
        }
        writer.blankLine()
        if plan.variables.isEmpty {
            writer.line("\(access)init() {}")
        } else {
            writer.wrappedList("\(access)init(", plan.variables.map(parameter), ") {", closing: ") {")
            writer.level += 1
            for variable in plan.variables {
                let name = SwiftNames.escaped(variable.propertyName)
                writer.line("self.\(name) = \(name)")
            }
            writer.close()

            writer.blankLine()
            let arguments = plan.variables.map { variable -> String in
                "\(SwiftNames.argumentLabel(variable.propertyName)): \(SwiftNames.escaped(variable.propertyName))"
            }
            let single = "\(access)var variables: Variables { Variables(" + arguments.joined(separator: ", ") + ") }"
            if writer.indentation.count + single.count <= CodeWriter.maxLineLength {
                writer.line(single)
            } else {
                writer.open("\(access)var variables: Variables")
                writer.wrappedList("Variables(", arguments, ")", closing: ")")
                writer.close()
            }

            writeVariablesJSON(plan.variables, to: &writer)

            writer.blankLine()
            writer.doc(
                "The variables as sent: a `GraphQLNullable` that is `.none` (or an optional that is `nil`) is left out."
            )
            writer.open("\(access)struct Variables: Codable, Sendable, Hashable")
            for variable in plan.variables {
                writer.line("\(access)var \(SwiftNames.escaped(variable.propertyName)): \(variable.swiftType)")
            }
            writer.blankLine()
            writer.wrappedList("\(access)init(", plan.variables.map(parameter), ") {", closing: ") {")
            writer.level += 1
            for variable in plan.variables {
                let name = SwiftNames.escaped(variable.propertyName)
                writer.line("self.\(name) = \(name)")
            }
            writer.close()
            writeCodingKeys(plan.variables.map { ($0.propertyName, $0.name) }, to: &writer)
            writeDecoder(plan.variables, to: &writer)
            writeEncoder(plan.variables, to: &writer)
            writer.close()
        }

        writer.blankLine()
        writer.doc("The result: the response's `data`.")
        write(plan.data, conformances: "Codable, Sendable, Hashable", to: &writer)
        writer.close()
        if let cache = plan.cache {
            writeCacheMetadata(
                cache, of: plan.swiftName, variableDefaults: plan.cacheVariableDefaults,
                isQuery: plan.operationType == .query, to: &writer)
        }
        return writer.text
    }

    /// `variablesJSON`, the variables as JSON values without an encoder, when every variable is an enum or a scalar
    /// whose JSON form is plain (`String`, `ID`, `Int`, `Long`, `Boolean`, `DateTime`, `UUID`, `LocalDate`,
    /// `Timestamp`); other operations (lists, input objects, `Float`, other custom scalars) get none and the client
    /// encodes `Variables`.
    func writeVariablesJSON(_ variables: [InputValuePlan], to writer: inout CodeWriter) {
        let values = variables.compactMap { variable in variableJSON(variable.type).map { (variable, $0) } }
        guard values.count == variables.count else { return }
        writer.blankLine()
        writer.doc("The variables as JSON, the same as `variables` encoded (the client then needs no encoder).")
        writer.open("\(access)var variablesJSON: [String: JSONValue]?")
        writer.line("var json: [String: JSONValue] = [:]")
        for (variable, value) in values {
            // `self.`: a variable may be called `json` or `value`.
            let name = "self.\(SwiftNames.escaped(variable.propertyName))"
            let key = "json[\"\(SwiftNames.stringLiteralContents(variable.name))\"]"
            switch variable.presence {
            case .required:
                writer.line("\(key) = \(value(name))")
            case .optionalWithDefault:
                writer.line("if let value = \(name) { \(key) = \(value("value")) }")
            case .nullable:
                writer.line("switch \(name) {")
                writer.line("case .none: break")
                writer.line("case .null: \(key) = .null")
                writer.line("case .some(let value): \(key) = \(value("value"))")
                writer.line("}")
            }
        }
        writer.line("return json")
        writer.close()
    }

    /// How a variable of `type` is written as a `JSONValue` (given the Swift expression of its value), when its
    /// JSON form is plain; `nil` otherwise.
    private func variableJSON(_ type: InputTypePlan) -> ((String) -> String)? {
        if case .enumeration = type { return { ".string(\($0).rawValue)" } }
        guard case .scalar(let scalar) = type else { return nil }
        if let formatter = scalar.formatter { return { ".string(\(formatter)(\($0)))" } }
        if ScalarMapping.describedTextTypes.contains(scalar.swiftType) { return { ".string(\($0).description)" } }
        switch scalar.swiftType {
        case "String", "GraphQLID": return { ".string(\($0))" }
        case "Int", "Int64", "Long": return { ".number(String(\($0)))" }
        case "Bool": return { ".bool(\($0))" }
        default: return nil
        }
    }

    /// An initializer parameter for a variable or input field, with `= .none` / `= nil` for optional ones.
    func parameter(_ value: InputValuePlan) -> String {
        let head = "\(SwiftNames.escaped(value.propertyName)): \(value.swiftType)"
        switch value.presence {
        case .required: return head
        case .nullable: return head + " = .none"
        case .optionalWithDefault: return head + " = nil"
        }
    }

    /// The doc comment of a variable or input field: its description and what leaving it out means.
    func writeInputValueDoc(_ value: InputValuePlan, to writer: inout CodeWriter) {
        if let description = value.description { writer.doc(description) }
        if let defaultValue = value.defaultValue {
            let absent = value.presence == .optionalWithDefault ? "`nil`" : "`.none`"
            writer.doc("When left out (\(absent)), the default `\(defaultValue)` applies.")
        }
    }

    /// `encode(to:)` for variables or input object fields: `GraphQLNullable` values that are `.none` and optionals
    /// that are `nil` are left out; `Date`s are sent as RFC 3339 text.
    func writeEncoder(_ values: [InputValuePlan], to writer: inout CodeWriter) {
        writer.blankLine()
        writer.open("\(access)func encode(to encoder: any Encoder) throws")
        writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
        for value in values {
            let name = SwiftNames.escaped(value.propertyName)
            let key = "forKey: .\(name)"
            switch value.presence {
            case .required:
                writer.statement("try container.encode(\(converted(name, value.type)), \(key))")
            case .optionalWithDefault:
                let expression =
                    value.type.containsFormattedScalar ? "\(name).map { \(converted("$0", value.type)) }" : name
                writer.statement("try container.encodeIfPresent(\(expression), \(key))")
            case .nullable:
                if value.type.containsFormattedScalar {
                    writer.line("switch \(name) {")
                    writer.line("case .none: break")
                    writer.line("case .null: try container.encodeNil(\(key))")
                    writer.line("case .some(let value):")
                    writer.level += 1
                    writer.statement("try container.encode(\(converted("value", value.type)), \(key))")
                    writer.level -= 1
                    writer.line("}")
                } else {
                    writer.statement("try container.encode(\(name), \(key))")
                }
            }
        }
        writer.close()
    }

    /// `init(from:)` for variables or input object fields, reading back what `encode(to:)` wrote: an absent key is
    /// `.none` (or `nil`), `null` is `.null`; scalars with scalar rules (`ID`, `Long`, `DateTime`) use them.
    /// - Parameters:
    ///   - values: The variables or fields.
    ///   - storageNames: The private storage of boxed fields, by property name.
    func writeDecoder(
        _ values: [InputValuePlan], storageNames: [String: String] = [:], to writer: inout CodeWriter
    ) {
        writer.blankLine()
        writer.open("\(access)init(from decoder: any Decoder) throws")
        writer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
        for value in values {
            let name = SwiftNames.escaped(value.propertyName)
            let key = "forKey: .\(name)"
            let scalarRules = value.type.innermostScalar?.usesScalarDecoding == true
            let call: String
            switch value.presence {
            case .required:
                call =
                    scalarRules
                    ? "decodeScalar(\(value.type.swift).self, \(key))" : "decode(\(value.type.swift).self, \(key))"
            case .optionalWithDefault:
                call =
                    scalarRules
                    ? "decodeScalar(\(value.type.swift)?.self, \(key))"
                    : "decodeIfPresent(\(value.type.swift).self, \(key))"
            case .nullable:
                call =
                    scalarRules
                    ? "decodeNullableScalar(\(value.type.swift).self, \(key))"
                    : "decodeNullable(\(value.type.swift).self, \(key))"
            }
            if let storage = storageNames[value.propertyName] {
                writer.statement("self.\(storage) = [try container.\(call)]")
            } else {
                writer.statement("self.\(name) = try container.\(call)")
            }
        }
        writer.close()
    }

    /// The expression that encodes `expression` of `type`: `Date`s become `DateTimeScalar.format(...)`, `UUID`s
    /// `UUIDScalar.hyphenated(...)` (the scalar's ``ScalarPlan/formatter``).
    func converted(_ expression: String, _ type: InputTypePlan) -> String {
        guard type.containsFormattedScalar else { return expression }
        switch type {
        case .scalar(let scalar): return "\(scalar.formatter ?? "")(\(expression))"
        case .list(let item), .optional(let item): return "\(expression).map { \(converted("$0", item)) }"
        case .enumeration, .inputObject: return expression
        }
    }
}
