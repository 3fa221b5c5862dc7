import Foundation
import GraphQLBridge
import GraphQLComparison
import GraphQLMigration
import LegacyModels
import LotteryBridge

/// The lottery app's comparison plan: what `lottery compare` runs, and the worked example of a plan a team
/// copies for its own models.
///
/// - `GameInfo`: every game (active and inactive, as both APIs list them), `GET /games/{id}` against `game(id:)`;
///   and each `games` list the app asks for (every filter it uses) compared as a list;
/// - `DrawInfo`: each game's archive page by page (`drawsPerGame` draws a page, the next page `before` the oldest
///   draw of the last), `GET /games/{id}/draws?limit=N&before=D` against `draws(gameId:last:before:)` compared as
///   lists, and every draw on those pages on its own, `GET /games/{id}/draws/{n}` against `draw(gameId:number:)`;
/// - `ImageInfo`: each image a game uses as its logo, `GET /images/{id}` against `image(id:)`;
/// - the favourite write (`--check-writes`): `PUT`/`DELETE /games/{id}/favorite` against `setFavorite`, on the first
///   game.
///
/// Every read goes through the app's real clients and adapters. GraphQL field errors that come with partial data are
/// warnings; the clients report each response to the comparison (``LotteryComparisonClients``) for the bytes per
/// API and `--record`.
public enum LotteryComparisonPlan {
    /// The models, in the order compared.
    public static let models = ["GameInfo", "DrawInfo", "ImageInfo"]

    /// The plan over `clients`; each game's archive is compared in pages of `drawsPerGame` draws.
    public static func make(clients: LotteryComparisonClients, drawsPerGame: Int = 10) -> ComparisonPlan {
        let rest = clients.rest
        let graphQL = clients.graphQL
        let listing = LotteryGameListing(rest: rest, graphQL: graphQL, drawsPerGame: drawsPerGame)
        var plan = ComparisonPlan()

        // GameInfo: the games lists the app asks for, as lists; then every game on its own.
        for query in GamesListQuery.appFilters {
            plan.list(
                query.label, model: "GameInfo",
                rest: {
                    try await LotteryRead.rest { try await rest.games(type: query.type, activeOnly: query.activeOnly) }
                },
                graphQL: {
                    try await LotteryRead.graphQL {
                        try await graphQL.fetchResponse(
                            requestType: .games(type: query.type, activeOnly: query.activeOnly), as: [GameInfo].self)
                    }
                }, id: \.id, path: "games")
        }
        plan.model(
            "GameInfo", ids: { try await listing.gameIDs() },
            rest: { id in try await LotteryRead.rest { try await rest.game(id: id) } },
            graphQL: { id in
                try await LotteryRead.graphQL {
                    try await graphQL.fetchResponse(requestType: .gameInfo(gameId: id), as: GameInfo.self)
                }
            })

        // DrawInfo: each game's archive page by page, each page as a list; then every draw on its own.
        plan.lists(
            "draws", model: "DrawInfo", keys: { try await listing.archivePages() },
            name: { $0.description },
            rest: { page in
                try await LotteryRead.rest {
                    try await rest.draws(gameId: page.gameId, limit: page.last, before: page.before)
                }
            },
            graphQL: { page in
                try await LotteryRead.graphQL {
                    try await graphQL.fetchResponse(
                        requestType: .draws(gameId: page.gameId, last: page.last, before: page.before),
                        as: [DrawInfo].self)
                }
            }, id: \.id)
        plan.model(
            "DrawInfo", ids: { try await listing.drawKeys() },
            rest: { key in try await LotteryRead.rest { try await rest.draw(gameId: key.gameId, number: key.number) } },
            graphQL: { key in
                try await LotteryRead.graphQL {
                    try await graphQL.fetchResponse(
                        requestType: .drawInfo(gameId: key.gameId, number: key.number), as: DrawInfo.self)
                }
            })

        // ImageInfo: the games' logos.
        plan.model(
            "ImageInfo", ids: { try await listing.logoIDs() },
            rest: { id in try await LotteryRead.rest { try await rest.image(id: id) } },
            graphQL: { id in
                try await LotteryRead.graphQL {
                    try await graphQL.fetchResponse(requestType: .image(id), as: ImageInfo.self)
                }
            })

        // The favourite write, through each API, on the first game (--check-writes).
        plan.write(
            "favourite", model: "GameInfo", target: { try await listing.gameIDs().first },
            read: { api, gameId in
                switch api {
                case .rest: return try await rest.game(id: gameId).isFavorite
                case .graphql: return try await graphQL.gameInfo(gameId: gameId).isFavorite
                }
            },
            write: { api, gameId, favorite in
                switch api {
                case .rest: return try await rest.setFavorite(gameId: gameId, favorite: favorite).isFavorite
                case .graphql: return try await graphQL.setFavorite(gameId: gameId, favorite: favorite).isFavorite
                }
            },
            change: { !$0 }, targetKey: "game", valueKey: "favorite")
        return plan
    }
}
