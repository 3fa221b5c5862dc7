import GraphQLParser

/// An error as graphql-core reports it: message and (line, column) locations. Also made from diagnostics, to
/// compare them.
struct ExpectedError: Decodable, Hashable, Comparable, CustomStringConvertible {
    let message: String
    let locations: [[Int]]

    init(message: String, locations: [[Int]]) {
        self.message = message
        self.locations = locations
    }

    init(_ diagnostic: Diagnostic) {
        message = diagnostic.message
        locations = diagnostic.locations.filter(\.isKnown).map { [$0.line, $0.column] }
    }

    static func < (lhs: ExpectedError, rhs: ExpectedError) -> Bool {
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return lhs.locations.lexicographicallyPrecedes(rhs.locations) { $0.lexicographicallyPrecedes($1) }
    }

    var description: String {
        "\(message) @ " + locations.map { "\($0.first ?? 0):\($0.last ?? 0)" }.joined(separator: ", ")
    }
}
