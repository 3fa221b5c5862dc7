/// The Swift type of a selected field.
public indirect enum OutputTypePlan: Sendable, Hashable {
    /// A scalar.
    case scalar(ScalarPlan)
    /// A generated enum, by Swift name.
    case enumeration(String)
    /// A struct generated for the field's selection set, by the Swift name written at the use site (a nested
    /// name such as `Owner`, or a qualified one such as `SearchQuery.Data.Node.Owner`).
    case object(String)
    /// A generated fragment, by Swift name: the field selects only that fragment.
    case fragment(String)
    /// A list.
    case list(OutputTypePlan)
    /// An optional (a nullable GraphQL type, or a field that `@include`/`@skip` may leave out).
    case optional(OutputTypePlan)

    /// The type as Swift source: `[Long?]?`, `GameDetails`.
    public var swift: String {
        switch self {
        case .scalar(let scalar): scalar.swiftType
        case .enumeration(let name), .object(let name), .fragment(let name): name
        case .list(let item): "[\(item.swift)]"
        case .optional(let wrapped): "\(wrapped.swift)?"
        }
    }

    /// Whether the outermost type is optional.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outermost optional.
    public var nonOptional: OutputTypePlan {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The scalar at the bottom of lists and optionals, if it is one.
    public var innermostScalar: ScalarPlan? {
        switch self {
        case .scalar(let scalar): scalar
        case .list(let inner), .optional(let inner): inner.innermostScalar
        case .enumeration, .object, .fragment: nil
        }
    }

    /// Whether a generated struct (an object or a fragment) is at the bottom of the lists and optionals.
    public var containsObject: Bool {
        switch self {
        case .object, .fragment: true
        case .scalar, .enumeration: false
        case .list(let inner), .optional(let inner): inner.containsObject
        }
    }
}
