/// A generated enum for a schema enum type, with an `unknown(String)` case for values added later.
public struct EnumPlan: Sendable, Hashable {
    /// One value.
    public struct Case: Sendable, Hashable {
        /// The Swift case name, not escaped (`inProgress`).
        public var caseName: String
        /// The value as the server spells it (`IN_PROGRESS`).
        public var rawValue: String
        /// The description, if any.
        public var description: String?
        /// The deprecation reason, if deprecated.
        public var deprecationReason: String?

        /// Creates a case.
        /// - Parameters:
        ///   - caseName: The Swift case name.
        ///   - rawValue: The value as the server spells it.
        ///   - description: The description.
        ///   - deprecationReason: The deprecation reason.
        public init(caseName: String, rawValue: String, description: String? = nil, deprecationReason: String? = nil) {
            self.caseName = caseName
            self.rawValue = rawValue
            self.description = description
            self.deprecationReason = deprecationReason
        }
    }

    /// The GraphQL name.
    public var name: String
    /// The Swift name (the GraphQL name unless it collides with a name the generated code uses).
    public var swiftName: String
    /// The description, if any.
    public var description: String?
    /// The values, in schema order.
    public var cases: [Case]

    /// Creates an enum plan.
    /// - Parameters:
    ///   - name: The GraphQL name.
    ///   - swiftName: The Swift name.
    ///   - description: The description.
    ///   - cases: The values.
    public init(name: String, swiftName: String, description: String?, cases: [Case]) {
        self.name = name
        self.swiftName = swiftName
        self.description = description
        self.cases = cases
    }
}
