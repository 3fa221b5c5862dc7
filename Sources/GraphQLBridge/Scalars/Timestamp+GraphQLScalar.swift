import Foundation

extension Timestamp: GraphQLScalarDecodable {
    /// Decodes RFC 3339 text with at most nine fractional digits.
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Timestamp
    {
        try TextScalarRules.decode(from: container, forKey: key, expected: expected, parse: parse)
    }

    /// Decodes RFC 3339 text with at most nine fractional digits.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Timestamp {
        try TextScalarRules.decode(from: &container, expected: expected, parse: parse)
    }

    /// Decodes RFC 3339 text with at most nine fractional digits.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Timestamp {
        try TextScalarRules.decode(from: container, expected: expected, parse: parse)
    }
}
