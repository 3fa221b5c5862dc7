import Foundation

/// Conversions an adapter makes from a generated type's field to an app model's type, failing with a
/// ``GraphQLDecodingError`` that names the field and the value, never with a crash or a silent default.
///
/// A schema often carries as `String` what an app's model stores as a richer type (a `URL`, an enum of its own):
///
/// ```swift
/// import Foundation
/// import GraphQLBridge
///
/// struct Logo {
///     var url: URL
///     var link: URL?
/// }
///
/// func logo(url: String, link: String?) throws(GraphQLDecodingError) -> Logo {
///     Logo(
///         url: try GraphQLFieldConversion.url(url, field: "url"),        // required: a String gives a URL
///         link: try GraphQLFieldConversion.url(link, field: "link"))    // optional: nil stays nil
/// }
/// ```
///
/// `GraphQLFieldConversion.url("not a url", field: "url")` throws `url: expected an absolute URL, found
/// "not a url": ...`. Inside a client, a ``GraphQLDecodingError`` thrown by an adapter becomes
/// ``APIError/decoding(operation:_:)`` with the field's full path when the client prefixes the path where the adapter
/// ran (`data.game.logo` + `.url`).
public enum GraphQLFieldConversion {
    /// The absolute URL `text` spells.
    /// - Parameters:
    ///   - text: the field's value.
    ///   - field: the field's name (or path), for the error.
    /// - Throws: ``GraphQLDecodingError`` naming `field` and `text` when `text` is not an absolute URL (no scheme, or
    ///   not a URL at all).
    public static func url(_ text: String, field: String) throws(GraphQLDecodingError) -> URL {
        try convert(text, field: field, expected: "an absolute URL") { text in
            guard let url = URL(string: text), url.scheme != nil else { return nil }
            return url
        }
    }

    /// The absolute URL `text` spells, or `nil` when the field is `null`.
    /// - Parameters:
    ///   - text: the field's value; `nil` gives `nil`.
    ///   - field: the field's name (or path), for the error.
    /// - Throws: ``GraphQLDecodingError`` naming `field` and `text` when `text` is not an absolute URL.
    @_disfavoredOverload  // A `String` where a `URL?` is wanted takes the required form.
    public static func url(_ text: String?, field: String) throws(GraphQLDecodingError) -> URL? {
        guard let text else { return nil }
        let required: URL = try url(text, field: field)
        return required
    }

    /// `value` converted by `conversion`, which returns `nil` for a value it cannot convert.
    /// - Parameters:
    ///   - value: the field's value.
    ///   - field: the field's name (or path), for the error.
    ///   - expected: what the conversion accepts, for the error (`"an absolute URL"`, `"a currency code"`).
    ///   - conversion: the conversion; `nil` for a value that does not convert.
    /// - Throws: ``GraphQLDecodingError`` naming `field`, `expected` and `value` when `conversion` returns `nil`.
    public static func convert<Value, Converted>(
        _ value: Value, field: String, expected: String, _ conversion: (Value) -> Converted?
    ) throws(GraphQLDecodingError) -> Converted {
        guard let converted = conversion(value) else {
            throw GraphQLDecodingError(
                path: field, expected: expected, found: found(value),
                reason: "the app's model needs \(expected) and this value is not one")
        }
        return converted
    }

    /// The value as the error shows it: a string quoted, anything else as Swift prints it.
    private static func found<Value>(_ value: Value) -> String {
        if let text = value as? String { return String(reflecting: text) }
        return String(describing: value)
    }
}
