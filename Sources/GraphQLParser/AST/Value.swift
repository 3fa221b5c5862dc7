/// A value literal (or variable reference) in an argument, default value or list/object literal.
///
/// Numbers keep their source text so that no precision is lost; convert them where the expected type is
/// known (`Int` is 32-bit in GraphQL, custom scalars may need more).
public enum Value: ASTNode {
    /// A variable reference, `$name` (never in constant values).
    case variable(Variable)
    /// An integer literal, as written: `-12`.
    case int(String, location: SourceLocation)
    /// A float literal, as written: `1.5e-3`.
    case float(String, location: SourceLocation)
    /// A string or block string literal.
    case string(StringValue)
    /// `true` or `false`.
    case boolean(Bool, location: SourceLocation)
    /// `null`.
    case null(location: SourceLocation)
    /// An enum value: any name other than `true`, `false` and `null`.
    case `enum`(String, location: SourceLocation)
    /// A list literal, `[a, b]`; the location is the `[`.
    case list([Value], location: SourceLocation)
    /// An input object literal, `{ a: 1 }`; the location is the `{`.
    case object([ObjectField], location: SourceLocation)

    /// Where the value starts.
    public var location: SourceLocation {
        switch self {
        case .variable(let variable): variable.location
        case .string(let string): string.location
        case .int(_, let location), .float(_, let location), .boolean(_, let location), .null(let location),
            .enum(_, let location), .list(_, let location), .object(_, let location):
            location
        }
    }

    /// Whether the value contains no variable reference, at any depth.
    public var isConstant: Bool {
        switch self {
        case .variable: false
        case .int, .float, .string, .boolean, .null, .enum: true
        case .list(let values, _): values.allSatisfy { $0.isConstant }
        case .object(let fields, _): fields.allSatisfy { $0.value.isConstant }
        }
    }
}
