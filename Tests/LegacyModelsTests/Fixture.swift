import Foundation
import LegacyModels
import Testing

/// Loads the REST envelope fixtures and builds the values the tests compare against.
enum Fixture {
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "fixture \(name).json is not in the test bundle" }
    }

    /// The bytes of `Fixtures/<name>.json`.
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw Missing(name: name)
        }
        return try Data(contentsOf: url)
    }

    /// The `result` of `Fixtures/<name>.json` decoded as `T`.
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try LegacyAPIClient.decodeEnvelope(T.self, from: try data(name))
    }

    /// An instant written in UTC as `yyyy-MM-ddTHH:mm:ssZ`.
    static func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "bad test date \(text)")
    }

    /// A URL from a literal known to be valid.
    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text), "bad test URL \(text)")
    }

    /// A money literal.
    static func money(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), "bad test amount \(text)")
    }

    /// Decodes `{"status":"ok","result":<json>}` as `T`.
    static func decodeResult<T: Decodable>(_ type: T.Type, json: String) throws(LegacyAPIError) -> T {
        try LegacyAPIClient.decodeEnvelope(T.self, from: Data("{\"status\":\"ok\",\"result\":\(json)}".utf8))
    }

    /// The error thrown by `operation`, or `nil` when it succeeded.
    static func error<T>(_ operation: () throws(LegacyAPIError) -> T) -> LegacyAPIError? {
        do {
            _ = try operation()
            return nil
        } catch {
            return error
        }
    }
}

extension LegacyAPIError {
    /// The JSON path of a `.decoding` error, `nil` for other errors.
    var decodingPath: String? {
        if case .decoding(let path, _) = self {
            return path
        }
        return nil
    }
}
