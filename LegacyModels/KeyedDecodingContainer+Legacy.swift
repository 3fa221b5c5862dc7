import Foundation

/// Decoding of the REST payloads' string-encoded scalars, reporting bad values as
/// `DecodingError.dataCorrupted` at the field's real coding path.
extension KeyedDecodingContainer {
    /// Decodes a money string like `"100.00"` to an exact `Decimal`.
    func decodeLegacyMoney(forKey key: Key) throws -> Decimal {
        try convert(try decode(String.self, forKey: key), forKey: key, LegacyMoney.parseValidated)
    }

    /// Decodes a nullable money string; `null` or an absent key gives `nil`.
    func decodeLegacyMoneyIfPresent(forKey key: Key) throws -> Decimal? {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else {
            return nil
        }
        return try convert(raw, forKey: key, LegacyMoney.parseValidated)
    }

    /// Decodes a decimal integer string like `"9007199254740993"` to an integer of type `T`.
    func decodeLegacyInteger<T: FixedWidthInteger & SignedInteger>(_ type: T.Type, forKey key: Key) throws -> T {
        try convert(try decode(String.self, forKey: key), forKey: key) { (raw) throws(LegacyParseFailure) -> T in
            try LegacyScalarParsing.parseInteger(raw, as: T.self)
        }
    }

    /// Decodes a flag sent as the JSON number 0 or 1.
    func decodeLegacyFlag(forKey key: Key) throws -> Bool {
        let raw = try decode(Int.self, forKey: key)
        switch raw {
        case 0: return false
        case 1: return true
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: self,
                debugDescription: "\(raw) is not a flag: expected the JSON number 0 (false) or 1 (true)"
            )
        }
    }

    /// Decodes a comma-separated number list like `"4,8,15"`; `""` gives `[]`.
    func decodeLegacyNumberList(forKey key: Key) throws -> [Int] {
        try convert(try decode(String.self, forKey: key), forKey: key, LegacyScalarParsing.parseNumberList)
    }

    /// Decodes a `"dd.MM.yyyy HH:mm:ss"` Moscow-time string to an instant.
    func decodeLegacyMoscowDate(forKey key: Key) throws -> Date {
        try convert(try decode(String.self, forKey: key), forKey: key, LegacyDateFormat.parseMoscowValidated)
    }

    /// Decodes an absolute URL string.
    func decodeLegacyURL(forKey key: Key) throws -> URL {
        try convert(try decode(String.self, forKey: key), forKey: key, LegacyScalarParsing.parseURL)
    }

    /// Decodes a nullable absolute URL string; `null` or an absent key gives `nil`.
    func decodeLegacyURLIfPresent(forKey key: Key) throws -> URL? {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else {
            return nil
        }
        return try convert(raw, forKey: key, LegacyScalarParsing.parseURL)
    }

    private func convert<T>(
        _ raw: String,
        forKey key: Key,
        _ parse: (String) throws(LegacyParseFailure) -> T
    ) throws -> T {
        do {
            return try parse(raw)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.message)
        }
    }
}
