/// The Swift type of a variable or input object field, below its outermost nullability (which
/// ``InputValuePlan/Presence`` describes).
public indirect enum InputTypePlan: Sendable, Hashable {
    /// A scalar.
    case scalar(ScalarPlan)
    /// A generated enum, by Swift name.
    case enumeration(String)
    /// A generated input object, by Swift name.
    case inputObject(String)
    /// A list.
    case list(InputTypePlan)
    /// An optional list item (a nullable type inside a list).
    case optional(InputTypePlan)

    /// The type as Swift source: `[String?]`.
    public var swift: String {
        switch self {
        case .scalar(let scalar): scalar.swiftType
        case .enumeration(let name), .inputObject(let name): name
        case .list(let item): "[\(item.swift)]"
        case .optional(let wrapped): "\(wrapped.swift)?"
        }
    }

    /// Whether a scalar with a formatter (``ScalarPlan/formatter``: a `Date`, a `UUID`) is somewhere inside: such
    /// values are written as text with it when encoded.
    public var containsFormattedScalar: Bool {
        switch self {
        case .scalar(let scalar): scalar.formatter != nil
        case .enumeration, .inputObject: false
        case .list(let inner), .optional(let inner): inner.containsFormattedScalar
        }
    }
}
