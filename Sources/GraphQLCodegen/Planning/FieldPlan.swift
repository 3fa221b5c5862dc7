/// A property of a generated struct: one response key of a selection set.
public struct FieldPlan: Sendable, Hashable {
    /// The key in the response JSON (the alias, or the field name).
    public var responseKey: String
    /// The Swift property name, not escaped.
    public var propertyName: String
    /// The Swift type.
    public var type: OutputTypePlan
    /// The schema's description of the field, if any.
    public var description: String?
    /// The schema's deprecation reason, if the field is deprecated.
    public var deprecationReason: String?
    /// Whether `nil` means "left out by `@include`/`@skip`" only (the field is non-null in the schema): encoding then
    /// leaves the key out, as the server does, rather than writing `null`.
    public var omitsNil: Bool
    /// Whether the key must be in the response object for the struct to decode, even when the field is nullable: a
    /// deferred view's own field, which is absent until its increment arrives.
    public var requiresPresence: Bool

    /// Creates a field plan.
    /// - Parameters:
    ///   - responseKey: The key in the response JSON.
    ///   - propertyName: The Swift property name.
    ///   - type: The Swift type.
    ///   - description: The schema's description.
    ///   - deprecationReason: The deprecation reason.
    ///   - omitsNil: Whether encoding leaves the key out when the value is `nil`.
    ///   - requiresPresence: Whether decoding requires the key, even for a nullable field.
    public init(
        responseKey: String, propertyName: String, type: OutputTypePlan, description: String? = nil,
        deprecationReason: String? = nil, omitsNil: Bool = false, requiresPresence: Bool = false
    ) {
        self.responseKey = responseKey
        self.propertyName = propertyName
        self.type = type
        self.description = description
        self.deprecationReason = deprecationReason
        self.omitsNil = omitsNil
        self.requiresPresence = requiresPresence
    }
}
