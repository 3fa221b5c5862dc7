/// A named type definition.
public enum TypeDefinition: ASTNode {
    /// `scalar Name`.
    case scalar(ScalarTypeDefinition)
    /// `type Name implements ... { fields }`.
    case object(ObjectTypeDefinition)
    /// `interface Name implements ... { fields }`.
    case interface(InterfaceTypeDefinition)
    /// `union Name = A | B`.
    case union(UnionTypeDefinition)
    /// `enum Name { VALUES }`.
    case `enum`(EnumTypeDefinition)
    /// `input Name { fields }`.
    case inputObject(InputObjectTypeDefinition)

    /// Where the definition starts (its description, if it has one).
    public var location: SourceLocation {
        switch self {
        case .scalar(let node): node.location
        case .object(let node): node.location
        case .interface(let node): node.location
        case .union(let node): node.location
        case .enum(let node): node.location
        case .inputObject(let node): node.location
        }
    }

    /// The type name.
    public var name: Name {
        switch self {
        case .scalar(let node): node.name
        case .object(let node): node.name
        case .interface(let node): node.name
        case .union(let node): node.name
        case .enum(let node): node.name
        case .inputObject(let node): node.name
        }
    }

    /// The description, if any.
    public var description: StringValue? {
        switch self {
        case .scalar(let node): node.description
        case .object(let node): node.description
        case .interface(let node): node.description
        case .union(let node): node.description
        case .enum(let node): node.description
        case .inputObject(let node): node.description
        }
    }

    /// The directives applied to the type.
    public var directives: [Directive] {
        switch self {
        case .scalar(let node): node.directives
        case .object(let node): node.directives
        case .interface(let node): node.directives
        case .union(let node): node.directives
        case .enum(let node): node.directives
        case .inputObject(let node): node.directives
        }
    }
}
