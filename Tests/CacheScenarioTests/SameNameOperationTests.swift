import Foundation
import GraphQLBridge
import Testing

/// Two modules of one app may each have an operation named `Game` (a feature module and the app): their results
/// and stored responses are kept apart by the operation's type and document, not its name.
@Suite("Operations with the same name", .serialized)
struct SameNameOperationTests {
    @Test("Two modules' `query Game`: neither reads the other's stored response or memoized result")
    func twoModules() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await ScenarioSetup.run(makeCache: {
            GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(3600))
        }) { setup in
            let first = try await setup.client.execute(FeatureModule.GameQuery(id: "g1"), fetchPolicy: .serverOnly)
            #expect(first.data?.game?.name == "Lotto")
            // The app's own `query Game` selects `rulesUrl` too: the cache does not have it.
            await #expect(throws: APIError.cacheMiss(operation: "Game", path: "game.rulesUrl")) {
                try await setup.client.execute(AppModule.GameQuery(id: "g1"), fetchPolicy: .cacheOnly)
            }
            // Nor does a new process (the stored responses).
            let relaunched = GraphQLHTTPClient(
                endpoint: setup.backend.graphQLURL,
                cache: GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(3600)))
            await #expect(throws: APIError.cacheMiss(operation: "Game", path: "game.rulesUrl")) {
                try await relaunched.execute(AppModule.GameQuery(id: "g1"), fetchPolicy: .cacheOnly)
            }
            let feature = try await relaunched.execute(FeatureModule.GameQuery(id: "g1"), fetchPolicy: .cacheOnly)
            #expect(feature.data?.game?.name == "Lotto")
        }
    }
}

/// `query Game($id: ID!) { game(id: $id) { id name } }`, as a feature module's generated code has it.
enum FeatureModule {
    struct GameQuery: GraphQLQuery {
        static let operationName = "Game"
        static let document = "query Game($id:ID!){game(id:$id){id name}}"
        var id: GraphQLID
        var variables: [String: String] { ["id": id] }
        static let cacheMetadata: GraphQLCacheMetadata? = gameMetadata(["id", "name"])

        struct Data: Decodable, Sendable {
            let game: Game?
            struct Game: Decodable, Sendable {
                let id: String
                let name: String
            }
        }
    }
}

/// `query Game($id: ID!) { game(id: $id) { id name rulesUrl } }`, as the app's own generated code has it.
enum AppModule {
    struct GameQuery: GraphQLQuery {
        static let operationName = "Game"
        static let document = "query Game($id:ID!){game(id:$id){id name rulesUrl}}"
        var id: GraphQLID
        var variables: [String: String] { ["id": id] }
        static let cacheMetadata: GraphQLCacheMetadata? = gameMetadata(["id", "name", "rulesUrl"])

        struct Data: Decodable, Sendable {
            let game: Game?
            struct Game: Decodable, Sendable {
                let id: String
                let name: String
                let rulesUrl: String?
            }
        }
    }
}

/// The cache metadata of `query Game($id: ID!) { game(id: $id) { <fields> } }`.
private func gameMetadata(_ fields: [String]) -> GraphQLCacheMetadata {
    GraphQLCacheMetadata(
        selections: GraphQLSelectionSetMetadata(
            typeName: "Query",
            [
                GraphQLFieldMetadata(
                    "game", arguments: ["id": .variable("id")],
                    selections: GraphQLSelectionSetMetadata(typeName: "Game", fields.map { GraphQLFieldMetadata($0) }))
            ]))
}
