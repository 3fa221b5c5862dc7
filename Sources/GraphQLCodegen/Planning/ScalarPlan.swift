/// How a GraphQL scalar is represented in generated Swift.
public struct ScalarPlan: Sendable, Hashable {
    /// The GraphQL scalar name (`Long`).
    public var graphQLName: String
    /// The Swift type (`Long`, `Date`, `JSONValue`).
    public var swiftType: String
    /// Whether values decode with the runtime's scalar rules (`decodeScalar`) rather than plain `Decodable`.
    public var usesScalarDecoding: Bool
    /// Whether values are `Date`s, encoded in variables as RFC 3339 text.
    public var isDate: Bool
    /// The runtime function values are written with (`DateTimeScalar.format`, `UUIDScalar.hyphenated`), when the
    /// type's own `Encodable` conformance does not write what the server expects.
    public var formatter: String?

    /// Creates a scalar plan.
    /// - Parameters:
    ///   - graphQLName: The GraphQL scalar name.
    ///   - swiftType: The Swift type.
    ///   - usesScalarDecoding: Whether values decode with `decodeScalar`.
    ///   - isDate: Whether values are `Date`s.
    ///   - formatter: The runtime function values are written with; `DateTimeScalar.format` for dates by default.
    public init(
        graphQLName: String, swiftType: String, usesScalarDecoding: Bool, isDate: Bool = false, formatter: String? = nil
    ) {
        self.graphQLName = graphQLName
        self.swiftType = swiftType
        self.usesScalarDecoding = usesScalarDecoding
        self.isDate = isDate
        self.formatter = formatter ?? (isDate ? "DateTimeScalar.format" : nil)
    }
}
