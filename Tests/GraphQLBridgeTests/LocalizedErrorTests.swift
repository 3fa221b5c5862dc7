import Foundation
import GraphQLBridge
import GraphQLComparison
import GraphQLMigration
import Testing

/// Every public error is a `LocalizedError` whose `localizedDescription` is its own one-line `description`, not
/// Foundation's "The operation could not be completed. (GraphQLBridge.APIError error 12.)".
@Suite("Errors' localizedDescription")
struct LocalizedErrorTests {
    static let errors: [any Error & CustomStringConvertible] = [
        APIError.unimplemented(
            operation: "Game", request: #".gameInfo(gameId: "6x45")"#, advice: "Add an override."),
        APIError.httpStatus(operation: "Game", status: 401, bodyExcerpt: "denied"),
        APIError.decoding(
            operation: "Game",
            GraphQLDecodingError(path: "data.game.id", expected: "ID", found: "12", reason: "a number")),
        GraphQLDecodingError(path: "url", expected: "an absolute URL", found: #""x""#, reason: "not a URL"),
        TransportError(.timedOut, "no answer in 30 s"),
        GraphQLCacheError(kind: .corrupt, path: "/tmp/cache.sqlite", message: "not a database"),
        GraphQLError(message: "Prize ledger unavailable"),
        ComparisonError("the GraphQL side failed"),
        FieldPathPatternError(pattern: "a..b", message: "an empty segment"),
    ]

    @Test("localizedDescription is the description", arguments: 0..<errors.count)
    func localizedDescription(index: Int) {
        let error = Self.errors[index]
        #expect(error.localizedDescription == error.description)
        #expect(!error.localizedDescription.contains("The operation could not be completed"))
    }

    @Test("APIError through `any Error`: the description, with the operation and the advice")
    func apiErrorAsAnyError() {
        let error: any Error = APIError.unimplemented(
            operation: "Games", request: ".games", advice: "Add `.override(.games, with: <[GameInfo]>)`.")
        #expect(
            error.localizedDescription == "Games: unimplemented: the test did not override .games. "
                + "Add `.override(.games, with: <[GameInfo]>)`.")
        #expect((error as? LocalizedError)?.errorDescription == error.localizedDescription)
    }
}
