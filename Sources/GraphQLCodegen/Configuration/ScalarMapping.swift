/// The Swift type that values of a GraphQL scalar become in generated code.
///
/// ```json
/// "scalars": { "Long": "Int64", "DateTime": "Date", "Date": "LocalDate", "Timestamp": "Timestamp",
///              "UUID": "UUID", "URI": { "type": "URL", "decoding": "decodable" } }
/// ```
///
/// The type must be `Codable`, `Hashable` and `Sendable`: generated types decode responses and encode them back as
/// the server writes them (for typed test stubs). `Date` is encoded as RFC 3339 text, `UUID` as lowercase text with
/// hyphens (or without them: `{"type": "UUID", "format": "compact"}`); any other type with its own `Encodable`
/// conformance (the runtime's `LocalDate` as `"YYYY-MM-DD"`, `Timestamp` as RFC 3339 with its nanoseconds).
public struct ScalarMapping: Sendable, Hashable {
    /// How a `UUID` is written: the form the server expects.
    public enum UUIDFormat: String, Sendable, Hashable, CaseIterable {
        /// `1b4e28ba-2fa1-11d2-883f-0016d3cca427` (RFC 9562's form, lowercase).
        case hyphenated
        /// `1b4e28ba2fa111d2883f0016d3cca427` (Data Connect's form).
        case compact
    }

    /// The Swift type, as written in generated code (`Int64`, `Date`, `Foundation.URL`, `MyApp.Money`).
    public var swiftType: String
    /// How values are decoded.
    public var decoding: ScalarDecoding
    /// How a `UUID` is written (only for ``uuidTypes``).
    public var uuidFormat: UUIDFormat

    /// Swift types the runtime decodes with scalar rules (`GraphQLScalarDecodable`).
    public static let scalarDecodableTypes: Set<String> = [
        "Long", "Int64", "Swift.Int64", "DateTime", "Date", "Foundation.Date", "GraphQLID", "String", "Swift.String",
        "Int", "Swift.Int", "Int32", "Swift.Int32", "Double", "Swift.Double", "Bool", "Swift.Bool",
        "GraphQLBridge.Long", "GraphQLBridge.DateTime", "GraphQLBridge.GraphQLID", "LocalDate",
        "GraphQLBridge.LocalDate", "Timestamp", "GraphQLBridge.Timestamp", "UUID", "Foundation.UUID",
    ]

    /// Swift types that are `Foundation.Date`: generated `Variables` and input objects send them as RFC 3339 text
    /// (`DateTimeScalar.format`), not as `JSONEncoder`'s default number.
    public static let dateTypes: Set<String> = ["Date", "Foundation.Date", "DateTime", "GraphQLBridge.DateTime"]

    /// Swift types that are `Foundation.UUID`: sent in the ``uuidFormat`` (`UUIDScalar.hyphenated`), not as
    /// Foundation's uppercase `uuidString`.
    public static let uuidTypes: Set<String> = ["UUID", "Foundation.UUID"]

    /// Swift types whose values are written as JSON strings by their `description` (`LocalDate`, `Timestamp`), so
    /// that `variablesJSON` can write them without an encoder.
    public static let describedTextTypes: Set<String> = [
        "LocalDate", "GraphQLBridge.LocalDate", "Timestamp", "GraphQLBridge.Timestamp",
    ]

    /// Creates a mapping.
    /// - Parameters:
    ///   - swiftType: The Swift type.
    ///   - decoding: How values are decoded; by default ``ScalarDecoding/scalar`` for the types the runtime knows
    ///     (``scalarDecodableTypes``) and ``ScalarDecoding/decodable`` for any other.
    ///   - uuidFormat: How a `UUID` is written.
    public init(swiftType: String, decoding: ScalarDecoding? = nil, uuidFormat: UUIDFormat = .hyphenated) {
        self.swiftType = swiftType
        self.decoding =
            decoding ?? (ScalarMapping.scalarDecodableTypes.contains(swiftType) ? .scalar : .decodable)
        self.uuidFormat = uuidFormat
    }

    /// Whether values are `Date`s, sent as RFC 3339 text.
    public var isDate: Bool { ScalarMapping.dateTypes.contains(swiftType) }

    /// Whether values are `UUID`s.
    public var isUUID: Bool { ScalarMapping.uuidTypes.contains(swiftType) }

    /// The runtime function generated code writes values with (`DateTimeScalar.format`, `UUIDScalar.hyphenated`),
    /// for types whose own `Encodable` conformance does not write what the server expects; `nil` for the others.
    public var formatter: String? {
        if isDate { return "DateTimeScalar.format" }
        if isUUID { return uuidFormat == .compact ? "UUIDScalar.compact" : "UUIDScalar.hyphenated" }
        return nil
    }
}
