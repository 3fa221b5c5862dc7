import Foundation
import GraphQLBridge

/// Builds GraphQL response bodies for tests: `{"data":...,"errors":[...],"extensions":{...}}`.
///
/// `data` is passed as JSON text, so numbers reach the decoder exactly as written (a `Long` above 2^53,
/// a decimal string, a malformed value). Errors are written from `GraphQLError` values.
///
/// ```swift
/// transport.enqueue(
///     status: 200,
///     body: GraphQLResponseFixture.body(
///         data: #"{"game":{"id":"6x45","prizePool":null}}"#,
///         errors: [GraphQLResponseFixture.error(
///             "Prize ledger unavailable", path: [.field("game"), .field("prizePool")])]))
/// ```
public enum GraphQLResponseFixture {
    /// The body as UTF-8 data; see ``text(data:errors:extensions:)-(_,_,JSONObject)``.
    public static func body(
        data: String?, errors: [GraphQLError] = [], extensions: JSONObject = [:]
    ) -> Data {
        Data(text(data: data, errors: errors, extensions: extensions).utf8)
    }

    /// The body as UTF-8 data, with `data` given as a `JSONValue` (`.null` for `"data":null`).
    public static func body(
        data: JSONValue, errors: [GraphQLError] = [], extensions: JSONObject = [:]
    ) -> Data {
        body(data: data.jsonText, errors: errors, extensions: extensions)
    }

    /// The body as UTF-8 data, with extensions given as a dictionary.
    @_disfavoredOverload
    public static func body(
        data: String?, errors: [GraphQLError] = [], extensions: [String: JSONValue]
    ) -> Data {
        body(data: data, errors: errors, extensions: JSONObject(extensions))
    }

    /// The body as UTF-8 data, with `data` given as a `JSONValue` and extensions as a dictionary.
    @_disfavoredOverload
    public static func body(
        data: JSONValue, errors: [GraphQLError] = [], extensions: [String: JSONValue]
    ) -> Data {
        body(data: data, errors: errors, extensions: JSONObject(extensions))
    }

    /// The body as JSON text, with extensions given as a dictionary.
    @_disfavoredOverload
    public static func text(
        data: String?, errors: [GraphQLError] = [], extensions: [String: JSONValue]
    ) -> String {
        text(data: data, errors: errors, extensions: JSONObject(extensions))
    }

    /// An `errors`-only body, as a server sends for a request error.
    public static func errorsBody(_ errors: [GraphQLError]) -> Data {
        body(data: nil, errors: errors)
    }

    /// The body as JSON text.
    /// - Parameters:
    ///   - data: the `data` member as JSON text, written as is (`"null"` for `"data":null`); `nil` leaves
    ///     the member out.
    ///   - errors: the `errors` member; left out when empty.
    ///   - extensions: the `extensions` member; left out when empty.
    public static func text(
        data: String?, errors: [GraphQLError] = [], extensions: JSONObject = [:]
    ) -> String {
        var members: [String] = []
        if let data { members.append(#""data":"# + data) }
        if !errors.isEmpty {
            members.append(#""errors":"# + JSONValue.array(errors.map(json(of:))).jsonText)
        }
        if !extensions.isEmpty { members.append(#""extensions":"# + JSONValue.object(extensions).jsonText) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A GraphQL error.
    /// - Parameters:
    ///   - message: what went wrong.
    ///   - path: the response path of the failed field (`["draws", 2, "prizePool"]`); `nil` for a request error.
    ///   - line: the line of the error's location in the document, if any.
    ///   - column: the column of that location.
    ///   - code: `extensions.code`, if any.
    public static func error(
        _ message: String, path: [GraphQLError.PathComponent]? = nil, line: Int? = nil, column: Int = 1,
        code: String? = nil
    ) -> GraphQLError {
        GraphQLError(
            message: message, locations: line.map { [GraphQLError.Location(line: $0, column: column)] },
            path: path, extensions: code.map { ["code": .string($0)] })
    }

    /// A GraphQL error as JSON, the members that are `nil` left out.
    public static func json(of error: GraphQLError) -> JSONValue {
        var members: JSONObject = ["message": .string(error.message)]
        if let locations = error.locations {
            members["locations"] = .array(
                locations.map { .object(["line": .number(String($0.line)), "column": .number(String($0.column))]) })
        }
        if let path = error.path {
            members["path"] = .array(
                path.map {
                    switch $0 {
                    case .field(let name): return .string(name)
                    case .index(let index): return .number(String(index))
                    }
                })
        }
        if let extensions = error.extensions { members["extensions"] = .object(extensions) }
        return .object(members)
    }
}
