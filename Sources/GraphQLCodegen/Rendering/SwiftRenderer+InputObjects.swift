extension SwiftRenderer {
    /// The Swift declaration of an input object: a `Codable` struct whose nullable fields are `GraphQLNullable`
    /// (decoding reads back what encoding wrote, for test doubles that record the variables they get).
    public func declaration(of plan: InputObjectPlan) -> String {
        var writer = CodeWriter()
        writeDoc(title: "`input \(plan.name)`", description: plan.description, to: &writer)
        if plan.isOneOf { writer.doc("A OneOf input object: set exactly one field.") }
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
}
