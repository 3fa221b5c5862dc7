import Foundation

extension GraphQLJSONReader {
    /// The text of a JSON string, for the scalars read from text.
    private mutating func scalarText() throws(Declined) -> String {
        let (start, end, escaped) = try scanString()
        if escaped { return try Self.unescape(base + start, end - start) }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }

    /// ``LocalDate``: `"YYYY-MM-DD"` exactly (anything else declines; the `Decodable` path reports it).
    public mutating func readScalar(_ type: LocalDate.Type) throws(Declined) -> LocalDate {
        guard let value = try? LocalDate.parse(try scalarText()) else { throw Declined() }
        return value
    }

    /// ``Timestamp``: RFC 3339 text with at most nine fractional digits.
    public mutating func readScalar(_ type: Timestamp.Type) throws(Declined) -> Timestamp {
        guard let value = try? Timestamp.parse(try scalarText()) else { throw Declined() }
        return value
    }

    /// `UUID`: 32 hexadecimal digits, with or without hyphens, any case.
    public mutating func readScalar(_ type: UUID.Type) throws(Declined) -> UUID {
        guard let value = try? UUIDScalar.parseExplaining(try scalarText()) else { throw Declined() }
        return value
    }
}
