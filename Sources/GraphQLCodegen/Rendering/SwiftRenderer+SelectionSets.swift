extension SwiftRenderer {
    /// Writes the struct of a selection set (an operation's `Data`, a fragment, a nested struct or a type case
    /// view): stored properties, a memberwise initializer, `CodingKeys`, `init(from:)`, the one-pass
    /// `init(graphQLReader:)`, `encode(to:)`, then its nested types.
    /// - Parameters:
    ///   - plan: The selection set.
    ///   - conformances: The protocols before `Identifiable` (`Codable, Sendable, Hashable`).
    ///   - statics: Lines written first in the struct (a fragment's static members).
    func write(
        _ plan: SelectionSetPlan, conformances: String, statics: (inout CodeWriter) -> Void = { _ in },
        to writer: inout CodeWriter
    ) {
        let protocols =
            conformances + ", GraphQLFastDecodable, GraphQLResponseEncodable"
            + (plan.isIdentifiable ? ", Identifiable" : "")
        writer.open("\(access)struct \(SwiftNames.escaped(plan.swiftName)): \(protocols)")
        statics(&writer)
        writer.blankLine()
        for field in plan.fields {
            if let description = field.description { writer.doc(description) }
            if let reason = field.deprecationReason { writer.doc("Deprecated: \(reason)") }
            writer.line("\(access)let \(SwiftNames.escaped(field.propertyName)): \(field.type.swift)")
        }
        if !plan.fragments.isEmpty {
            writer.line(
                "\(access)let \(SwiftNames.escaped(plan.fragmentsPropertyName)): \(plan.fragmentsTypeName)")
        }
        for typeCase in plan.typeCases {
            writer.line(
                "\(access)let \(SwiftNames.escaped(typeCase.propertyName)): \(typeCase.selectionSet.swiftName)?")
        }
        writeMemberwiseInitializer(plan, to: &writer)
        writeCodingKeys(plan.fields.map { ($0.propertyName, $0.responseKey) }, to: &writer)
        writeDecoder(plan, to: &writer)
        writeFastDecoder(plan, to: &writer)
        writeEncoder(plan, to: &writer)
        writeNestedTypes(plan, to: &writer)
        writer.close()
    }

    private func writeMemberwiseInitializer(_ plan: SelectionSetPlan, to writer: inout CodeWriter) {
        var parameters: [String] = []
        var names: [String] = []
        for field in plan.fields {
            var parameter = "\(SwiftNames.escaped(field.propertyName)): \(field.type.swift)"
            if field.propertyName == "__typename", let typename = plan.typenameDefault {
                parameter += " = \"\(SwiftNames.stringLiteralContents(typename))\""
            }
            parameters.append(parameter)
            names.append(field.propertyName)
        }
        if !plan.fragments.isEmpty {
            parameters.append("\(SwiftNames.escaped(plan.fragmentsPropertyName)): \(plan.fragmentsTypeName)")
            names.append(plan.fragmentsPropertyName)
        }
        for typeCase in plan.typeCases {
            parameters.append(
                "\(SwiftNames.escaped(typeCase.propertyName)): \(typeCase.selectionSet.swiftName)? = nil")
            names.append(typeCase.propertyName)
        }
        writer.blankLine()
        if parameters.isEmpty {
            writer.line("\(access)init() {}")
            return
        }
        writer.wrappedList("\(access)init(", parameters, ") {", closing: ") {")
        writer.level += 1
        for name in names {
            writer.line("self.\(SwiftNames.escaped(name)) = \(SwiftNames.escaped(name))")
        }
        writer.close()
    }

    /// `enum CodingKeys: String, CodingKey { case a, b, c = "key" }`, nothing when there are no keys.
    func writeCodingKeys(_ keys: [(propertyName: String, key: String)], to writer: inout CodeWriter) {
        guard !keys.isEmpty else { return }
        writer.blankLine()
        writer.open("enum CodingKeys: String, CodingKey")
        let items = keys.map { propertyName, key in
            propertyName == key
                ? SwiftNames.escaped(propertyName)
                : "\(SwiftNames.escaped(propertyName)) = \"\(SwiftNames.stringLiteralContents(key))\""
        }
        writer.fill(items, separator: ", ", trailingSeparator: "", lastSuffix: "", prefix: "case ")
        writer.close()
    }

    private func writeDecoder(_ plan: SelectionSetPlan, to writer: inout CodeWriter) {
        writer.blankLine()
        writer.open("\(access)init(from decoder: any Decoder) throws")
        if !plan.fields.isEmpty {
            writer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
        }
        for field in plan.fields {
            if field.requiresPresence {
                // A deferred view's own field: absent until its increment arrives, when the view is not there yet.
                let key = "CodingKeys.\(SwiftNames.escaped(field.propertyName))"
                writer.open("guard container.contains(\(key)) else")
                writer.statement(
                    "throw DecodingError.keyNotFound(\(key), DecodingError.Context(codingPath: container.codingPath, "
                        + "debugDescription: \"not arrived yet (deferred)\"))")
                writer.close()
            }
            writer.statement(
                "self.\(SwiftNames.escaped(field.propertyName)) = try container.\(decodeCall(field))")
        }
        if !plan.fragments.isEmpty {
            let arguments = plan.fragments.map { fragment -> String in
                // A fragment that may be left out is there when the object holds its fields.
                let value =
                    fragment.isConditional
                    ? "try? \(fragment.fragmentType)(from: decoder)" : "\(fragment.fragmentType)(from: decoder)"
                return "\(SwiftNames.argumentLabel(fragment.propertyName)): \(value)"
            }
            writer.wrappedList(
                "self.\(SwiftNames.escaped(plan.fragmentsPropertyName)) = "
                    + (plan.fragments.allSatisfy(\.isConditional) ? "" : "try ") + "\(plan.fragmentsTypeName)(",
                arguments,
                ")", closing: ")")
        }
        for typeCase in plan.typeCases {
            let property = "self.\(SwiftNames.escaped(typeCase.propertyName))"
            if typeCase.possibleTypes.isEmpty {
                writer.line("\(property) = nil")
                continue
            }
            let names = typeCase.possibleTypes.map { "\"\(SwiftNames.stringLiteralContents($0))\"" }
            writer.statement(
                "\(property) = try [\(names.joined(separator: ", "))].contains(self.__typename) "
                    + "? \(typeCase.selectionSet.swiftName)(from: decoder) : nil")
        }
        writer.close()
    }

    /// The decoding call for a field: `decodeScalar(Long?.self, forKey: .superPrize)` for scalars with scalar rules
    /// (custom scalars and `ID`), `decodeIfPresent(T.self, ...)` for other optionals, `decode(T.self, ...)` otherwise.
    func decodeCall(_ field: FieldPlan) -> String {
        let key = "forKey: .\(SwiftNames.escaped(field.propertyName))"
        if let scalar = field.type.innermostScalar, scalar.usesScalarDecoding {
            return "decodeScalar(\(field.type.swift).self, \(key))"
        }
        if field.type.isOptional {
            return "decodeIfPresent(\(field.type.nonOptional.swift).self, \(key))"
        }
        return "decode(\(field.type.swift).self, \(key))"
    }

    /// `encode(to:)` and `writeGraphQLMembers(to:)`: the JSON object the server would send. The fields are written,
    /// then the spread fragments and the type case views that apply, into one ``GraphQLResponseObject`` that merges a
    /// key written twice (deeply: two views' parts of one nested object make one object); `Date`s are written as
    /// RFC 3339 text, `Long`s as JSON numbers, `nil` as `null`, except a field that only `@include`/`@skip` makes
    /// optional, which is left out as the server leaves it out.
    private func writeEncoder(_ plan: SelectionSetPlan, to writer: inout CodeWriter) {
        writer.blankLine()
        writer.open("\(access)func encode(to encoder: any Encoder) throws")
        writer.line("try GraphQLResponseObject(self).encode(to: encoder)")
        writer.close()
        writer.blankLine()
        writer.open("\(spi)\(access)func writeGraphQLMembers(to graphQLObject: inout GraphQLResponseObject)")
        if plan.fields.isEmpty, plan.fragments.isEmpty, plan.typeCases.isEmpty {
            writer.line("_ = graphQLObject")
        }
        for field in plan.fields {
            let key = "\"\(SwiftNames.stringLiteralContents(field.responseKey))\""
            let name = "self.\(SwiftNames.escaped(field.propertyName))"
            if field.omitsNil, field.type.isOptional {
                writer.open("if let graphQLValue = \(name)")
                writer.statement(
                    "graphQLObject.set(\(key), \(responseValue("graphQLValue", field.type.nonOptional)))")
                writer.close()
            } else {
                writer.statement("graphQLObject.set(\(key), \(responseValue(name, field.type)))")
            }
        }
        for fragment in plan.fragments {
            let value =
                "self.\(SwiftNames.escaped(plan.fragmentsPropertyName)).\(SwiftNames.escaped(fragment.propertyName))"
            writer.statement(
                "\(value)\(fragment.isConditional ? "?" : "").writeGraphQLMembers(to: &graphQLObject)")
        }
        for typeCase in plan.typeCases {
            writer.statement(
                "self.\(SwiftNames.escaped(typeCase.propertyName))?.writeGraphQLMembers(to: &graphQLObject)")
        }
        writer.close()
    }

    /// The `GraphQLResponseValue` of `expression` of an output `type`: objects (and lists and optionals of them) as
    /// their `graphQLResponseValue`, leaves encoded as they encode themselves (`Date`s as RFC 3339 text).
    func responseValue(_ expression: String, _ type: OutputTypePlan) -> String {
        if type.containsObject { return "\(expression).graphQLResponseValue" }
        if type.isOptional { return ".nullable(\(converted(expression, type)))" }
        return ".scalar(\(converted(expression, type)))"
    }

    /// The expression that encodes `expression` of an output `type`: `Date`s become `DateTimeScalar.format(...)`.
    func converted(_ expression: String, _ type: OutputTypePlan) -> String {
        switch type {
        case .scalar(let scalar): return scalar.formatter.map { "\($0)(\(expression))" } ?? expression
        case .list(let item), .optional(let item):
            let inner = converted("$0", item)
            return inner == "$0" ? expression : "\(expression).map { \(inner) }"
        case .enumeration, .object, .fragment: return expression
        }
    }

    private func writeNestedTypes(_ plan: SelectionSetPlan, to writer: inout CodeWriter) {
        if !plan.fragments.isEmpty {
            writer.blankLine()
            writer.doc("The fragments spread in this selection, decoded from the same JSON object.")
            writer.open("\(access)struct \(plan.fragmentsTypeName): Sendable, Hashable")
            var parameters: [String] = []
            for fragment in plan.fragments {
                let type = fragment.fragmentType + (fragment.isConditional ? "?" : "")
                writer.line("\(access)let \(SwiftNames.escaped(fragment.propertyName)): \(type)")
                parameters.append("\(SwiftNames.escaped(fragment.propertyName)): \(type)")
            }
            writer.blankLine()
            writer.wrappedList("\(access)init(", parameters, ") {", closing: ") {")
            writer.level += 1
            for fragment in plan.fragments {
                let name = SwiftNames.escaped(fragment.propertyName)
                writer.line("self.\(name) = \(name)")
            }
            writer.close()
            writer.close()
        }
        for nested in plan.nestedTypes {
            writer.blankLine()
            writer.doc("The fields selected on `\(nested.graphQLType)`.")
            write(nested, conformances: "Codable, Sendable, Hashable", to: &writer)
        }
        for view in plan.deferredViews {
            writer.blankLine()
            writer.doc(
                "This selection once the deferred fragment `\(view.swiftName)` (`@defer` on `... on \(view.graphQLType)`) "
                    + "has arrived: the fields above and the fragment's.")
            write(view, conformances: "Codable, Sendable, Hashable", to: &writer)
        }
        for typeCase in plan.typeCases {
            writer.blankLine()
            let types = typeCase.possibleTypes.map { "`\($0)`" }
            let when = types.count == 1 ? "a \(types[0])" : "one of " + types.joined(separator: ", ")
            writer.doc(
                "This selection when the object is \(when) (`... on \(typeCase.typeCondition)`): the fields above and "
                    + "those selected on `\(typeCase.typeCondition)`.")
            write(typeCase.selectionSet, conformances: "Codable, Sendable, Hashable", to: &writer)
        }
    }
}
