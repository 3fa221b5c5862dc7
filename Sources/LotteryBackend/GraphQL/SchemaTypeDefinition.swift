/// A named type of the executor's schema model.
enum SchemaTypeDefinition: Sendable {
    /// A scalar (`Int`, `Long`, ...).
    case scalar(name: String)
    /// An enum with its values.
    case enumeration(name: String, values: [String])
    /// An object type with its fields, in declaration order.
    case object(name: String, fields: [SchemaFieldDefinition])

    /// The type name.
    var name: String {
        switch self {
        case .scalar(let name), .enumeration(let name, _), .object(let name, _): return name
        }
    }

    /// The field with this name of an object type, if any.
    func field(_ name: String) -> SchemaFieldDefinition? {
        guard case .object(_, let fields) = self else { return nil }
        return fields.first { $0.name == name }
    }
}
