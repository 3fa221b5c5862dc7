import Foundation
import GraphQLBridge

/// One app's `query Game` as two versions of the app send it: the same Swift type (the same name in both
/// processes), another document. Version 2 selects `rulesUrl` too. Which version this process is comes from its
/// arguments, set once before the first use (`VersionedGameQuery.version`).
struct VersionedGameQuery: GraphQLQuery {
    /// The app's version in this process: 1 or 2.
    nonisolated(unsafe) static var version = 1
    // nonisolated(unsafe): set once by `main` before any task starts, read only afterwards.

    static let operationName = "GameVersioned"
    static var document: String {
        version == 1
            ? "query GameVersioned($id:ID!){game(id:$id){id name}}"
            : "query GameVersioned($id:ID!){game(id:$id){id name rulesUrl}}"
    }

    var id: GraphQLID
    var variables: [String: String] { ["id": id] }

    static var cacheMetadata: GraphQLCacheMetadata? {
        var fields = [GraphQLFieldMetadata("id"), GraphQLFieldMetadata("name")]
        if version == 2 { fields.append(GraphQLFieldMetadata("rulesUrl")) }
        return GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Query",
                [
                    GraphQLFieldMetadata(
                        "game", arguments: ["id": .variable("id")],
                        selections: GraphQLSelectionSetMetadata(typeName: "Game", fields))
                ]))
    }

    struct Data: Decodable, Sendable {
        let game: Game?

        struct Game: Decodable, Sendable {
            let id: String
            let name: String
            let rulesUrl: String?
        }
    }
}
