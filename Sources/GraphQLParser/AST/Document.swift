/// A parsed GraphQL document: executable definitions (operations and fragments) and/or type system
/// definitions and extensions.
public struct Document: ASTNode {
    /// The definitions, in source order.
    public var definitions: [Definition]

    /// The start of the document (line 1, column 1).
    public var location: SourceLocation

    /// Creates a document.
    /// - Parameters:
    ///   - definitions: The definitions, in source order.
    ///   - location: The start of the document.
    public init(definitions: [Definition], location: SourceLocation = .unknown) {
        self.definitions = definitions
        self.location = location
    }

    /// The operation definitions, in source order.
    public var operations: [OperationDefinition] {
        definitions.compactMap { definition in
            if case .operation(let operation) = definition { return operation }
            return nil
        }
    }

    /// The fragment definitions, in source order.
    public var fragments: [FragmentDefinition] {
        definitions.compactMap { definition in
            if case .fragment(let fragment) = definition { return fragment }
            return nil
        }
    }

    /// The type system definitions (schema, types, directives), in source order.
    public var typeSystemDefinitions: [TypeSystemDefinition] {
        definitions.compactMap { definition in
            if case .typeSystem(let typeSystem) = definition { return typeSystem }
            return nil
        }
    }

    /// The type system extensions, in source order.
    public var typeSystemExtensions: [TypeSystemExtension] {
        definitions.compactMap { definition in
            if case .typeSystemExtension(let typeSystemExtension) = definition { return typeSystemExtension }
            return nil
        }
    }

    /// Whether the document has only operations and fragments.
    public var isExecutable: Bool {
        definitions.allSatisfy { $0.isExecutable }
    }

    /// The operation to execute, chosen as the GraphQL spec's `GetOperation()` does: the operation named
    /// `name`, or, when `name` is `nil`, the only operation of the document.
    /// - Parameter name: The requested operation name (`operationName` of a request), or `nil`.
    /// - Returns: The operation, or `nil` when there is no such operation or, without a name, when the document
    ///   does not have exactly one operation.
    public func operation(named name: String?) -> OperationDefinition? {
        let operations = self.operations
        guard let name else { return operations.count == 1 ? operations.first : nil }
        return operations.first { $0.name?.value == name }
    }

    /// The fragment definition with the given name, if any.
    /// - Parameter name: The fragment name.
    /// - Returns: The first fragment definition with that name.
    public func fragment(named name: String) -> FragmentDefinition? {
        fragments.first { $0.name.value == name }
    }
}
