/// A field of an object type in the executor's schema model.
struct SchemaFieldDefinition: Sendable {
    /// The field name.
    let name: String
    /// Its type.
    let type: SchemaTypeReference
    /// Its arguments, in declaration order.
    let arguments: [SchemaArgumentDefinition]

    /// Creates a field definition.
    init(_ name: String, _ type: SchemaTypeReference, arguments: [SchemaArgumentDefinition] = []) {
        self.name = name
        self.type = type
        self.arguments = arguments
    }

    /// The argument with this name, if any.
    func argument(_ name: String) -> SchemaArgumentDefinition? {
        arguments.first { $0.name == name }
    }
}
