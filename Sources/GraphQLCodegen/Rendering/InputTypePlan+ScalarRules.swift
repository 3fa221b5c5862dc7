extension InputTypePlan {
    /// The scalar at the bottom of the lists and optionals, if the type is one: whether it has scalar rules
    /// (``ScalarPlan/usesScalarDecoding``) decides how generated `init(from:)` reads it back.
    var innermostScalar: ScalarPlan? {
        switch self {
        case .scalar(let scalar): scalar
        case .enumeration, .inputObject: nil
        case .list(let inner), .optional(let inner): inner.innermostScalar
        }
    }
}
