import GraphQLParser

/// An entry of a GraphQL response's `errors`: a message, the source locations, the response path (for field
/// errors) and extensions.
package struct GraphQLResponseError: Error, Sendable {
    /// What went wrong.
    package var message: String
    /// Where in the document (the known ones are serialized).
    package var locations: [SourceLocation]
    /// The response path of the field, for field errors.
    package var path: [GraphQLResponsePathComponent]?
    /// Extra members of `extensions`, e.g. `code`.
    package var extensions: [(String, JSONValue)]

    /// Creates an error.
    package init(
        _ message: String, locations: [SourceLocation] = [], path: [GraphQLResponsePathComponent]? = nil,
        extensions: [(String, JSONValue)] = []
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// `{"message", "locations", "path", "extensions"}` as graphql-core formats it (empty members left out).
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("message", .string(message))]
        let known = locations.filter(\.isKnown)
        if !known.isEmpty {
            members.append(
                ("locations", .array(known.map { .object([("line", .int($0.line)), ("column", .int($0.column))]) })))
        }
        if let path {
            members.append(("path", .array(path.map(\.json))))
        }
        if !extensions.isEmpty {
            members.append(("extensions", .object(extensions)))
        }
        return .object(members)
    }
}
