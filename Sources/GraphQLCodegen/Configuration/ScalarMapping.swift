/// The Swift type that values of a GraphQL scalar become in generated code.
///
/// ```json
/// "scalars": { "Long": "Int64", "DateTime": "Date", "URI": { "type": "URL", "decoding": "decodable" } }
/// ```
///
/// The type must be `Codable`, `Hashable` and `Sendable`: generated types decode responses and encode them back as
/// the server writes them (for typed test stubs). `Date` is encoded as RFC 3339 text; any other type with its own
/// `Encodable` conformance.
public struct ScalarMapping: Sendable, Hashable {
    /// The Swift type, as written in generated code (`Int64`, `Date`, `Foundation.URL`, `MyApp.Money`).
    public var swiftType: String
    /// How values are decoded.
    public var decoding: ScalarDecoding

    /// Swift types the runtime decodes with scalar rules (`GraphQLScalarDecodable`).
    public static let scalarDecodableTypes: Set<String> = [
        "Long", "Int64", "Swift.Int64", "DateTime", "Date", "Foundation.Date", "GraphQLID", "String", "Swift.String",
        "Int", "Swift.Int", "Int32", "Swift.Int32", "Double", "Swift.Double", "Bool", "Swift.Bool",
        "GraphQLBridge.Long", "GraphQLBridge.DateTime", "GraphQLBridge.GraphQLID",
    ]

    /// Swift types that are `Foundation.Date`: generated `Variables` and input objects send them as RFC 3339 text
    /// (`DateTimeScalar.format`), not as `JSONEncoder`'s default number.
    public static let dateTypes: Set<String> = ["Date", "Foundation.Date", "DateTime", "GraphQLBridge.DateTime"]

    /// Creates a mapping.
    /// - Parameters:
    ///   - swiftType: The Swift type.
    ///   - decoding: How values are decoded; by default ``ScalarDecoding/scalar`` for the types the runtime knows
    ///     (``scalarDecodableTypes``) and ``ScalarDecoding/decodable`` for any other.
    public init(swiftType: String, decoding: ScalarDecoding? = nil) {
        self.swiftType = swiftType
        self.decoding =
            decoding ?? (ScalarMapping.scalarDecodableTypes.contains(swiftType) ? .scalar : .decodable)
    }

    /// Whether values are `Date`s, sent as RFC 3339 text.
    public var isDate: Bool { ScalarMapping.dateTypes.contains(swiftType) }
}
