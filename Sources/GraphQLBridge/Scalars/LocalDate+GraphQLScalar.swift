import Foundation

extension LocalDate: GraphQLScalarDecodable {
    /// Decodes `"YYYY-MM-DD"` exactly.
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> LocalDate
    {
        try TextScalarRules.decode(from: container, forKey: key, expected: expected, parse: parse)
    }

    /// Decodes `"YYYY-MM-DD"` exactly.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> LocalDate {
        try TextScalarRules.decode(from: &container, expected: expected, parse: parse)
    }

    /// Decodes `"YYYY-MM-DD"` exactly.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> LocalDate {
        try TextScalarRules.decode(from: container, expected: expected, parse: parse)
    }
}
