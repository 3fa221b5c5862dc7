/// A generated GraphQL enum: a Swift enum with one case per value the schema knew when the code was
/// generated, and an `unknown(String)` case that keeps any other value the server sends.
///
/// A server may add enum values at any time; an app already shipped must keep working. Decoding a
/// ``GraphQLEnum`` therefore never fails on a string: an unknown value decodes to `.unknown(raw)` and
/// encodes back to the same raw value.
public protocol GraphQLEnum: RawRepresentable, Codable, Hashable, Sendable, CaseIterable
where RawValue == String {
    /// Any value, known or not; never fails.
    init(rawValue: String)
    /// The value for a raw value the schema did not have.
    static func unknown(_ rawValue: String) -> Self
    /// The values the schema had when the code was generated (without `unknown`).
    static var allCases: [Self] { get }
    /// Whether this is a value the generated code knows.
    var isKnown: Bool { get }
}

extension GraphQLEnum {
    /// Decodes any JSON string; a value the schema did not have becomes `.unknown(value)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(String.self))
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether this is a value the generated code knows.
    public var isKnown: Bool { Self.allCases.contains(self) }
}
