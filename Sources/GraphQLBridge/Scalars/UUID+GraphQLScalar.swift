import Foundation

extension UUID: GraphQLScalarDecodable {
    /// Decodes a UUID with or without hyphens, in any case (``UUIDScalar``).
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> UUID
    {
        try TextScalarRules.decode(
            from: container, forKey: key, expected: UUIDScalar.expected, parse: UUIDScalar.parseExplaining)
    }

    /// Decodes a UUID with or without hyphens, in any case (``UUIDScalar``).
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> UUID {
        try TextScalarRules.decode(from: &container, expected: UUIDScalar.expected, parse: UUIDScalar.parseExplaining)
    }

    /// Decodes a UUID with or without hyphens, in any case (``UUIDScalar``).
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> UUID {
        try TextScalarRules.decode(from: container, expected: UUIDScalar.expected, parse: UUIDScalar.parseExplaining)
    }
}
