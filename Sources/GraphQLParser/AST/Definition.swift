/// A top-level definition of a document.
public enum Definition: ASTNode {
    /// An operation: `query`, `mutation`, `subscription` or the `{ ... }` query shorthand.
    case operation(OperationDefinition)
    /// A fragment definition: `fragment Name on Type { ... }`.
    case fragment(FragmentDefinition)
    /// A schema, type or directive definition.
    case typeSystem(TypeSystemDefinition)
    /// An `extend ...` definition.
    case typeSystemExtension(TypeSystemExtension)

    /// Where the definition starts (its description, if it has one).
    public var location: SourceLocation {
        switch self {
        case .operation(let node): node.location
        case .fragment(let node): node.location
        case .typeSystem(let node): node.location
        case .typeSystemExtension(let node): node.location
        }
    }

    /// Whether this is an operation or a fragment.
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        case .typeSystem, .typeSystemExtension: false
        }
    }

    /// The defined name: the operation, fragment, type or directive name; `nil` for anonymous operations and
    /// for schema definitions and extensions.
    public var name: Name? {
        switch self {
        case .operation(let node): node.name
        case .fragment(let node): node.name
        case .typeSystem(let node): node.name
        case .typeSystemExtension(let node): node.name
        }
    }
}
