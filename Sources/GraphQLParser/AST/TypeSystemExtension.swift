/// An `extend ...` definition.
public enum TypeSystemExtension: ASTNode {
    /// `extend schema @directives { ... }`.
    case schema(SchemaExtension)
    /// `extend scalar|type|interface|union|enum|input Name ...`.
    case type(TypeExtension)
    /// `extend directive @name @directives` (graphql-core 3.3 extension).
    case directive(DirectiveExtension)

    /// Where the extension starts (`extend`).
    public var location: SourceLocation {
        switch self {
        case .schema(let node): node.location
        case .type(let node): node.location
        case .directive(let node): node.location
        }
    }

    /// The extended type or directive name; `nil` for a schema extension.
    public var name: Name? {
        switch self {
        case .schema: nil
        case .type(let node): node.name
        case .directive(let node): node.name
        }
    }
}
