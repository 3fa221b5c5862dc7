/// An extension of a named type.
public enum TypeExtension: ASTNode {
    /// `extend scalar Name @directives`.
    case scalar(ScalarTypeExtension)
    /// `extend type Name ...`.
    case object(ObjectTypeExtension)
    /// `extend interface Name ...`.
    case interface(InterfaceTypeExtension)
    /// `extend union Name ...`.
    case union(UnionTypeExtension)
    /// `extend enum Name ...`.
    case `enum`(EnumTypeExtension)
    /// `extend input Name ...`.
    case inputObject(InputObjectTypeExtension)

    /// Where the extension starts (`extend`).
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

    /// The extended type's name.
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
}
