import GraphQLParser

/// A field selection with the type it is selected on and its definition there (OverlappingFieldsCanBeMerged).
final class FieldDetails {
    let parentType: SchemaType?
    let field: IndexedField
    let definition: SchemaField?
    /// No arguments, no selections, no `@stream`: two such fields with the same name and type never conflict.
    let isSimpleLeaf: Bool
    let streamDirective: Directive?
    private var streamKeys: ArgumentKeys?

    init(parentType: SchemaType?, field: IndexedField, definition: SchemaField?) {
        self.parentType = parentType
        self.field = field
        self.definition = definition
        let stream = field.node.directives.first { $0.name.value == "stream" }
        self.streamDirective = stream
        self.isSimpleLeaf = field.node.arguments.isEmpty && field.node.selectionSet == nil && stream == nil
    }

    /// The field's arguments as comparison keys (cached on the field).
    var argumentKeys: ArgumentKeys {
        if let keys = field.argumentKeys { return keys }
        let keys = ArgumentKeys(field.node.arguments)
        field.argumentKeys = keys
        return keys
    }

    /// The `@stream` directive's arguments as comparison keys.
    var streamArgumentKeys: ArgumentKeys? {
        guard let streamDirective else { return nil }
        if let streamKeys { return streamKeys }
        let keys = ArgumentKeys(streamDirective.arguments)
        streamKeys = keys
        return keys
    }
}
