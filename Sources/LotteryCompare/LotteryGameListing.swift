import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels
import LotteryAPI
import LotteryBridge

/// The games, as both APIs list them (every game, active or not), asked once and shared by the plan's ids: the
/// games, their newest draws and their logos. The list of every game must come through both APIs, or nothing is
/// compared.
///
/// Only ids are read and kept (the games' and their logos'), not the games: a comparison holds what it compares, and
/// the lists of every game grow with the backend. GraphQL is asked for the ids alone (`GameIDs`); REST has no such
/// endpoint, so its list of every game is read and decoded into the two ids of each game (``ListedGame``), the rest of
/// each game skipped. The two APIs are read one after the other, so that one list's body is in memory at a time.
actor LotteryGameListing {
    /// The ids the plan asks for, from the lists of every game.
    struct GameIDs: Sendable {
        /// Every game's id, REST's order first, then the ones only GraphQL lists.
        var games: [String]
        /// The ids of the games' logo images.
        var logos: [String]
    }

    /// A game of a list of every game as the listing reads it: its id and its logo's id.
    struct ListedGame: Sendable, Decodable {
        /// The game's id.
        var id: String
        /// Its logo image's id, if it has a logo.
        var logoID: String?

        init(id: String, logoID: String?) {
            self.id = id
            self.logoID = logoID
        }

        private enum CodingKeys: String, CodingKey {
            case id = "game_id"
            case logo
        }

        private struct Logo: Decodable {
            var id: String

            private enum CodingKeys: String, CodingKey {
                case id = "image_id"
            }
        }

        /// Decodes REST's game (see the contract's "A game"): its `game_id` and its `logo`'s `image_id`; the other
        /// fields are skipped (the games are compared one by one, and as lists, by the plan).
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            logoID = try container.decodeIfPresent(Logo.self, forKey: .logo)?.id
        }
    }

    let rest: LegacyAPIClient
    let graphQL: GraphQLClient
    let drawsPerGame: Int
    private var listing: Task<GameIDs, any Error>?

    init(rest: LegacyAPIClient, graphQL: GraphQLClient, drawsPerGame: Int) {
        self.rest = rest
        self.graphQL = graphQL
        self.drawsPerGame = drawsPerGame
    }

    /// The ids of every game and logo, from every game through both APIs (asked once).
    func everyGame() async throws -> GameIDs {
        if let listing { return try await listing.value }
        let rest = rest
        let graphQL = graphQL
        let task = Task { () throws -> GameIDs in
            let restGames: [ListedGame]
            do {
                restGames = try await LotteryRead.rest { try await Self.restGames(rest) }
            } catch {
                throw LotteryListingError(api: .rest, message: "cannot list the games: \(error)")
            }
            let graphQLGames: [ListedGame]
            do {
                graphQLGames = try await LotteryRead.graphQL { try await Self.graphQLGames(graphQL) }
            } catch {
                throw LotteryListingError(api: .graphql, message: "cannot list the games: \(error)")
            }
            return GameIDs(
                games: Self.unique(restGames.map(\.id) + graphQLGames.map(\.id)),
                logos: Self.unique((restGames + graphQLGames).compactMap(\.logoID)))
        }
        listing = task
        return try await task.value
    }

    /// `GET /games?active=0` (the request of `LegacyAPIClient.games(activeOnly: false)`), each game decoded into its
    /// ids.
    static func restGames(_ rest: LegacyAPIClient) async throws(LegacyAPIError) -> [ListedGame] {
        try await rest.send(
            [ListedGame].self, path: ["games"], query: [URLQueryItem(name: "active", value: "0")]
        ).value
    }

    /// The `GameIDs` query: every game's id and its logo's, with the client's error policy (field errors beside data
    /// are warnings).
    static func graphQLGames(_ graphQL: GraphQLClient) async throws(APIError) -> GraphQLBridgeResponse<[ListedGame]> {
        let result = try await graphQL.client.execute(
            GameIDsQuery(activeOnly: .some(false)), errorPolicy: graphQL.errorPolicy)
        let games = (result.data?.games ?? []).map { ListedGame(id: $0.id, logoID: $0.logo?.id) }
        return GraphQLBridgeResponse(
            value: games, warnings: result.errors, byteCount: result.byteCount, source: result.source,
            isStale: result.isStale)
    }

    /// The ids of every game, REST's order first, then the ones only GraphQL lists.
    func gameIDs() async throws -> [String] {
        try await everyGame().games
    }

    /// The ids of the games' logo images.
    func logoIDs() async throws -> [String] {
        try await everyGame().logos
    }

    /// How many ids the listing holds (for tests): every game's and logo's, once listed; nothing else.
    var heldIDCount: Int {
        get async {
            guard let listing, let ids = try? await listing.value else { return 0 }
            return ids.games.count + ids.logos.count
        }
    }

    /// Each game's newest draws as either API lists them (a draw in one list only is compared too); none for a game
    /// whose list fails through one API (that list's comparison reports the failure). Asked again on each call (the
    /// plan asks once, for the DrawInfo ids, which the run then holds): the listing does not keep them.
    func drawKeys() async throws -> [LotteryDrawKey] {
        let ids = try await gameIDs()
        let rest = rest
        let graphQL = graphQL
        let limit = drawsPerGame
        let perGame = await withTaskGroup(of: (Int, [LotteryDrawKey]).self) { group in
            var results: [[LotteryDrawKey]] = Array(repeating: [], count: ids.count)
            var next = 0
            func addNext() {
                guard next < ids.count else { return }
                let index = next
                let gameId = ids[index]
                group.addTask {
                    async let restDraws = Self.capture {
                        try await LotteryRead.rest { try await rest.draws(gameId: gameId, limit: limit) }
                    }
                    async let graphQLDraws = Self.capture {
                        try await LotteryRead.graphQL {
                            try await graphQL.fetchResponse(
                                requestType: .draws(gameId: gameId, last: limit, before: nil), as: [DrawInfo].self)
                        }
                    }
                    guard case .success(let restList) = await restDraws,
                        case .success(let graphQLList) = await graphQLDraws
                    else { return (index, []) }
                    let keys = (restList + graphQLList).map {
                        LotteryDrawKey(gameId: $0.gameId, number: $0.number, id: $0.id)
                    }
                    return (index, keys)
                }
                next += 1
            }
            for _ in 0..<8 { addNext() }
            while let (index, keys) = await group.next() {
                results[index] = keys
                addNext()
            }
            return results
        }
        var seen: Set<String> = []
        return perGame.flatMap { $0 }.filter { seen.insert($0.id).inserted }
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    private static func capture<Value: Sendable>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
