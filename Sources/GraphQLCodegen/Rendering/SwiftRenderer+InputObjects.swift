extension SwiftRenderer {
    /// The Swift declaration of an input object: a `Codable` struct whose nullable fields are `GraphQLNullable`
    /// (decoding reads back what encoding wrote, for test doubles that record the variables they get).
    public func declaration(of plan: InputObjectPlan) -> String {
        if plan.isOneOf, !plan.fields.isEmpty { return oneOfDeclaration(of: plan) }
        var writer = CodeWriter()
        writeDoc(title: "`input \(plan.name)`", description: plan.description, to: &writer)
        writer.open("\(access)struct \(plan.swiftName): Codable, Sendable, Hashable")
        var members = NameScope(reserved: Set(plan.fields.map(\.propertyName)).union(["CodingKeys"]))
        var storageNames: [String: String] = [:]
        for field in plan.fields {
            writeInputValueDoc(field, to: &writer)
            let name = SwiftNames.escaped(field.propertyName)
            if field.isBoxed, field.presence != .required {
                // The input object contains itself through this field: stored in an array, which gives the
                // indirection a struct needs.
                let storage = members.claim("_" + field.propertyName + "Storage")
                storageNames[field.propertyName] = storage
                let empty = field.presence == .nullable ? ".none" : "nil"
                writer.open("\(access)var \(name): \(field.swiftType)")
                writer.line("get { \(storage).first ?? \(empty) }")
                writer.line("set { \(storage) = [newValue] }")
                writer.close()
                writer.line("private var \(storage): [\(field.swiftType)]")
            } else {
                writer.line("\(access)var \(name): \(field.swiftType)")
            }
        }
        writer.blankLine()
        if plan.fields.isEmpty {
            writer.line("\(access)init() {}")
        } else {
            writer.wrappedList("\(access)init(", plan.fields.map(parameter), ") {", closing: ") {")
            writer.level += 1
            for field in plan.fields {
                let name = SwiftNames.escaped(field.propertyName)
                if let storage = storageNames[field.propertyName] {
                    writer.line("self.\(storage) = [\(name)]")
                } else {
                    writer.line("self.\(name) = \(name)")
                }
            }
            writer.close()
        }
        writeCodingKeys(plan.fields.map { ($0.propertyName, $0.name) }, to: &writer)
        if plan.fields.isEmpty {
            writer.blankLine()
            writer.line("\(access)init(from decoder: any Decoder) throws {}")
            writer.blankLine()
            writer.open("\(access)func encode(to encoder: any Encoder) throws")
            writer.line("_ = encoder.container(keyedBy: GraphQLCodingKey.self)")
            writer.close()
        } else {
            writeDecoder(plan.fields, storageNames: storageNames, to: &writer)
            writeEncoder(plan.fields, to: &writer)
        }
        writer.close()
        return writer.text
    }

    /// A OneOf input object (`@oneOf`): an enum with one case per field, so that exactly one field is sent is a
    /// compile-time matter. Decoding (what a test double reads back) takes an object with exactly one non-null field.
    func oneOfDeclaration(of plan: InputObjectPlan) -> String {
        var writer = CodeWriter()
        writeDoc(title: "`input \(plan.name) @oneOf`", description: plan.description, to: &writer)
        writer.doc("Exactly one field is sent: the case's.")
        let indirect = plan.fields.contains(where: \.isBoxed) ? "indirect " : ""
        writer.open("\(access)\(indirect)enum \(plan.swiftName): Codable, Sendable, Hashable")
        for field in plan.fields {
            writer.doc("`\(field.name): \(field.graphQLType)`" + (field.description.map { ": " + $0 } ?? "."))
            writer.line("case \(SwiftNames.escaped(field.propertyName))(\(field.type.swift))")
        }
        writeCodingKeys(plan.fields.map { ($0.propertyName, $0.name) }, to: &writer)
        writer.blankLine()
        writer.open("\(access)init(from decoder: any Decoder) throws")
        writer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
        writer.open("guard container.allKeys.count == 1, let key = container.allKeys.first else")
        writer.line("throw DecodingError.dataCorrupted(")
        writer.level += 1
        writer.line("DecodingError.Context(")
        writer.level += 1
        writer.line("codingPath: decoder.codingPath,")
        writer.line(
            "debugDescription: \"the OneOf input object '\(SwiftNames.stringLiteralContents(plan.name))' takes exactly "
                + "one field, found \\(container.allKeys.map(\\.stringValue))\"))")
        writer.level -= 2
        writer.close()
        writer.line("switch key {")
        for field in plan.fields {
            let name = SwiftNames.escaped(field.propertyName)
            let scalarRules = field.type.innermostScalar?.usesScalarDecoding == true
            let call =
                scalarRules
                ? "decodeScalar(\(field.type.swift).self, forKey: .\(name))"
                : "decode(\(field.type.swift).self, forKey: .\(name))"
            writer.statement("case .\(name): self = .\(name)(try container.\(call))")
        }
        writer.line("}")
        writer.close()
        writer.blankLine()
        writer.open("\(access)func encode(to encoder: any Encoder) throws")
        writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
        writer.line("switch self {")
        for field in plan.fields {
            let name = SwiftNames.escaped(field.propertyName)
            writer.statement(
                "case .\(name)(let value): try container.encode(\(converted("value", field.type)), forKey: .\(name))")
        }
        writer.line("}")
        writer.close()
        writer.close()
        return writer.text
    }
}
