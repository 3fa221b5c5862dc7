/// A type system definition: the schema, a type or a directive.
public enum TypeSystemDefinition: ASTNode {
    /// `schema { query: Query ... }`.
    case schema(SchemaDefinition)
    /// A type definition (scalar, object, interface, union, enum or input object).
    case type(TypeDefinition)
    /// `directive @name(...) repeatable on LOCATIONS`.
    case directive(DirectiveDefinition)

    /// Where the definition starts (its description, if it has one).
    public var location: SourceLocation {
        switch self {
        case .schema(let node): node.location
        case .type(let node): node.location
        case .directive(let node): node.location
        }
    }

    /// The type or directive name; `nil` for a schema definition.
    public var name: Name? {
        switch self {
        case .schema: nil
        case .type(let node): node.name
        case .directive(let node): node.name
        }
    }
}
