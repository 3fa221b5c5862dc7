import Foundation
import GraphQLBridgeSupport

/// Why a scalar's text is not a value of the scalar (the reason of the ``GraphQLDecodingError``).
struct ScalarTextProblem: Error, Sendable, Hashable {
    /// What is wrong, in words.
    var reason: String
}

/// The decoding of scalars sent as JSON strings and parsed exactly (``LocalDate``, ``Timestamp``, `UUID`): the string,
/// then the scalar's parser. Anything else (another JSON type, a string the parser refuses) is a
/// ``GraphQLDecodingError`` with the value's path, the scalar's form and the value found; the coding path is built
/// only for an error.
enum TextScalarRules {
    /// Decodes the value of `key`.
    static func decode<Value, Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, forKey key: Key, expected: String,
        parse: (String) throws(ScalarTextProblem) -> Value
    ) throws -> Value {
        let text = try string(container.codingPath + [key], expected) { try container.decode(String.self, forKey: key) }
        return try check(text, container.codingPath + [key], expected, parse)
    }

    /// Decodes the next element of an unkeyed container.
    static func decode<Value>(
        from container: inout any UnkeyedDecodingContainer, expected: String,
        parse: (String) throws(ScalarTextProblem) -> Value
    ) throws -> Value {
        // The element's index before it is consumed.
        let index = container.currentIndex
        let base = container.codingPath
        func path() -> [any CodingKey] { base + [GraphQLCodingKey(intValue: index) ?? GraphQLCodingKey("?")] }
        var copy = container
        let text = try string(path(), expected) { try copy.decode(String.self) }
        container = copy
        return try check(text, path(), expected, parse)
    }

    /// Decodes a single value.
    static func decode<Value>(
        from container: any SingleValueDecodingContainer, expected: String,
        parse: (String) throws(ScalarTextProblem) -> Value
    ) throws -> Value {
        let text = try string(container.codingPath, expected) { try container.decode(String.self) }
        return try check(text, container.codingPath, expected, parse)
    }

    private static func string(
        _ path: @autoclosure () -> [any CodingKey], _ expected: String, _ decode: () throws -> String
    ) throws -> String {
        do {
            return try decode()
        } catch let error as DecodingError {
            throw GraphQLDecodingError(codingPath: path(), expected: expected, underlying: error)
        }
    }

    private static func check<Value>(
        _ text: String, _ path: @autoclosure () -> [any CodingKey], _ expected: String,
        _ parse: (String) throws(ScalarTextProblem) -> Value
    ) throws -> Value {
        do throws(ScalarTextProblem) {
            return try parse(text)
        } catch {
            throw GraphQLDecodingError(
                codingPath: path(), expected: expected, found: JSONStringWriter.quoted(text), reason: error.reason)
        }
    }
}
