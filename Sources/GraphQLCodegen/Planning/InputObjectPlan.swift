/// A generated `Encodable` struct for a schema input object type.
public struct InputObjectPlan: Sendable, Hashable {
    /// The GraphQL name.
    public var name: String
    /// The Swift name.
    public var swiftName: String
    /// The description, if any.
    public var description: String?
    /// The fields, in schema order.
    public var fields: [InputValuePlan]
    /// Whether the input object is a OneOf input object (exactly one field must be given).
    public var isOneOf: Bool

    /// Creates an input object plan.
    /// - Parameters:
    ///   - name: The GraphQL name.
    ///   - swiftName: The Swift name.
    ///   - description: The description.
    ///   - fields: The fields.
    ///   - isOneOf: Whether it is a OneOf input object.
    public init(name: String, swiftName: String, description: String?, fields: [InputValuePlan], isOneOf: Bool = false)
    {
        self.name = name
        self.swiftName = swiftName
        self.description = description
        self.fields = fields
        self.isOneOf = isOneOf
    }
}
