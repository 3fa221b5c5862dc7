/// A schema coordinate (September 2025 spec): a reference to a type, field, enum value, input field,
/// argument or directive, written `Type`, `Type.member`, `Type.field(argument:)`, `@directive` or
/// `@directive(argument:)`.
public enum SchemaCoordinate: ASTNode, CustomStringConvertible {
    /// `Type`.
    case type(Name, location: SourceLocation)
    /// `Type.member`: a field, input field or enum value.
    case member(type: Name, member: Name, location: SourceLocation)
    /// `Type.field(argument:)`.
    case argument(type: Name, field: Name, argument: Name, location: SourceLocation)
    /// `@directive`.
    case directive(Name, location: SourceLocation)
    /// `@directive(argument:)`.
    case directiveArgument(directive: Name, argument: Name, location: SourceLocation)

    /// Where the coordinate starts.
    public var location: SourceLocation {
        switch self {
        case .type(_, let location), .member(_, _, let location), .argument(_, _, _, let location),
            .directive(_, let location), .directiveArgument(_, _, let location):
            location
        }
    }

    /// The coordinate as text, for example `Query.game(id:)`.
    public var description: String {
        switch self {
        case .type(let type, _): type.value
        case .member(let type, let member, _): "\(type.value).\(member.value)"
        case .argument(let type, let field, let argument, _): "\(type.value).\(field.value)(\(argument.value):)"
        case .directive(let directive, _): "@\(directive.value)"
        case .directiveArgument(let directive, let argument, _): "@\(directive.value)(\(argument.value):)"
        }
    }
}
