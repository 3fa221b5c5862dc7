extension OutputTypePlan {
    /// The type with nested struct names qualified by the struct they are declared in, for use in a type case view
    /// nested in that struct.
    func qualifyingObjects(with qualifiedName: String) -> OutputTypePlan {
        switch self {
        case .object(let name): .object(qualifiedName + "." + name)
        case .list(let item): .list(item.qualifyingObjects(with: qualifiedName))
        case .optional(let wrapped): .optional(wrapped.qualifyingObjects(with: qualifiedName))
        case .scalar, .enumeration, .fragment: self
        }
    }
}
