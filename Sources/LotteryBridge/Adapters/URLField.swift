import Foundation
import GraphQLBridge

/// Turns GraphQL `String` URLs into the legacy models' `URL`s, failing with the field's name.
enum URLField {
    static func required(_ text: String, field: String) throws(GraphQLDecodingError) -> URL {
        guard let url = URL(string: text), url.scheme != nil else {
            throw GraphQLDecodingError(
                path: field, expected: "an absolute URL", found: "\"\(text)\"",
                reason: "the legacy model stores a URL and this string is not one")
        }
        return url
    }

    static func optional(_ text: String?, field: String) throws(GraphQLDecodingError) -> URL? {
        guard let text else { return nil }
        return try required(text, field: field)
    }
}
