import Foundation
import GraphQLBridge
import Testing

/// `APIError`'s one-line descriptions and accessors.
@Suite("APIError")
struct APIErrorTests {
    static let decoding = GraphQLDecodingError(
        path: "data.game.drawsCount", expected: "Long", found: #""x""#, reason: "the string is not a decimal integer")

    /// An error and the parts its description must contain.
    static let cases: [(error: APIError, parts: [String])] = [
        (.transport(operation: "Game", message: "connection refused"), ["Game", "connection refused", "endpoint URL"]),
        (
            .timedOut(operation: "Game", message: "no answer in 30 s"),
            ["Game", "timed out", "Raise the client's timeout"]
        ),
        (.cancelled(operation: "Game"), ["Game: cancelled."]),
        (.responseTooLarge(operation: "Game", limit: 1024), ["Game", "1024 bytes", "maximumResponseSize"]),
        (
            .httpStatus(operation: "Game", status: 401, bodyExcerpt: "denied"),
            ["Game: HTTP 401: denied", "bearer token"]
        ),
        (.httpStatus(operation: "Game", status: 404, bodyExcerpt: ""), ["Game: HTTP 404.", "endpoint URL"]),
        (.httpStatus(operation: "Game", status: 502, bodyExcerpt: "Bad Gateway"), ["Game: HTTP 502: Bad Gateway."]),
        (
            .graphQL(
                operation: "Game", status: 200,
                errors: [
                    GraphQLError(
                        message: "Prize ledger unavailable", locations: [.init(line: 3, column: 5)],
                        path: [.field("game"), .field("draws"), .index(2), .field("prizePool")],
                        extensions: ["code": .string("UNAVAILABLE")]),
                    GraphQLError(message: "second"),
                ]),
            [
                "Game: GraphQL errors (HTTP 200)",
                "game.draws[2].prizePool: Prize ledger unavailable (at 3:5) [UNAVAILABLE]; second",
            ]
        ),
        (
            .graphQL(operation: "Game", status: 400, errors: [GraphQLError(message: "bad")]),
            ["GraphQL error (HTTP 400): bad"]
        ),
        (
            .decoding(operation: "Game", decoding),
            [
                "Game: cannot decode the response", #"data.game.drawsCount: expected Long, found "x""#,
                "Check the scalar mapping",
            ]
        ),
        (
            .invalidResponse(operation: "Game", status: 200, reason: "the body is not JSON", bodyExcerpt: "<html>"),
            ["Game: not a GraphQL response (HTTP 200): the body is not JSON: <html>"]
        ),
        (.encoding(operation: "Game", reason: "bad variable"), ["Game: cannot encode the variables: bad variable"]),
        (.notFound(operation: "Game", path: "game"), ["Game: not found: game is null"]),
        (
            .unexpectedResponseType(operation: "Game", expected: "GameInfo", actual: "[DrawInfo]"),
            ["Game", "GameInfo", "[DrawInfo]"]
        ),
    ]

    @Test("the description names the operation and what to do", arguments: 0..<cases.count)
    func description(index: Int) {
        let (error, parts) = Self.cases[index]
        for part in parts {
            #expect(error.description.contains(part), "\(error.description) lacks \(part)")
        }
        #expect(error.operation == "Game")
        #expect(!error.description.contains("\n"))
    }

    @Test("httpStatus, isAuthenticationFailure and graphQLErrors")
    func accessors() {
        #expect(APIError.httpStatus(operation: "G", status: 401, bodyExcerpt: "").isAuthenticationFailure)
        #expect(APIError.httpStatus(operation: "G", status: 403, bodyExcerpt: "").isAuthenticationFailure)
        #expect(!APIError.httpStatus(operation: "G", status: 500, bodyExcerpt: "").isAuthenticationFailure)
        #expect(APIError.graphQL(operation: "G", status: 401, errors: []).isAuthenticationFailure)
        #expect(APIError.transport(operation: "G", message: "").httpStatus == nil)
        #expect(!APIError.cancelled(operation: "G").isAuthenticationFailure)
        #expect(APIError.invalidResponse(operation: "G", status: 204, reason: "", bodyExcerpt: "").httpStatus == 204)
        let errors = [GraphQLError(message: "x")]
        #expect(APIError.graphQL(operation: "G", status: 200, errors: errors).graphQLErrors == errors)
        #expect(APIError.timedOut(operation: "G", message: "").graphQLErrors.isEmpty)
    }

    @Test("GraphQLDecodingError describes a root path as <root> and works without a found value")
    func decodingDescription() {
        let error = GraphQLDecodingError(path: "", expected: "an object", found: nil, reason: "empty")
        #expect(error.description == "<root>: expected an object: empty")
        #expect(
            Self.decoding.description
                == #"data.game.drawsCount: expected Long, found "x": the string is not a decimal integer"#)
        let keys: [any CodingKey] = [
            GraphQLCodingKey("data"), GraphQLCodingKey("draws"), GraphQLCodingKey(intValue: 3) ?? GraphQLCodingKey("?"),
            GraphQLCodingKey("numbers"), GraphQLCodingKey(intValue: 0) ?? GraphQLCodingKey("?"),
        ]
        #expect(GraphQLDecodingError.render(keys) == "data.draws[3].numbers[0]")
    }
}
