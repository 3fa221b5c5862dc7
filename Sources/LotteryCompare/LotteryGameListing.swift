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

    /// The most pages of one game's archive read through one API: a server whose pages never end (each page full,
    /// each `before` older than the last) is read this far and no further.
    static let maximumPagesPerGame = 10_000

    /// Each game's archive as either API pages it, and the draws on its pages (every draw of every game).
    struct Archive: Sendable {
        /// The pages, game by game: REST's pages of a game first, then the ones only GraphQL pages.
        var pages: [LotteryArchivePage]
        /// The draws on the pages, each once (a draw on one API's pages only is compared too).
        var draws: [LotteryDrawKey]
    }

    /// The pages of each game's archive as either API pages them: the first page (the newest `drawsPerGame`
    /// draws), then each page `before` the oldest draw of the one before, while the page is full. A page is read
    /// through both APIs at once; an API whose page fails stops there for that game (the page's comparison then
    /// reports the failure); the first page is listed whatever happens. Asked again on each call: the listing does
    /// not keep them.
    func archivePages() async throws -> [LotteryArchivePage] {
        try await archive().pages
    }

    /// Every draw of every game as either API pages it (a draw in one API's archive only is compared too); none for
    /// a game whose first page fails through both APIs. Asked again on each call (the plan asks once, for the
    /// DrawInfo ids, which the run then holds): the listing does not keep them.
    func drawKeys() async throws -> [LotteryDrawKey] {
        try await archive().draws
    }

    /// Walks every game's archive through both APIs, eight games at a time.
    func archive() async throws -> Archive {
        let ids = try await gameIDs()
        let rest = rest
        let graphQL = graphQL
        let limit = drawsPerGame
        let perGame = await withTaskGroup(of: (Int, Archive).self) { group in
            var results: [Archive] = Array(repeating: Archive(pages: [], draws: []), count: ids.count)
            var next = 0
            func addNext() {
                guard next < ids.count else { return }
                let index = next
                let gameId = ids[index]
                group.addTask {
                    async let restPages = Self.walk(gameId: gameId, limit: limit) { before in
                        try await LotteryRead.rest {
                            try await rest.draws(gameId: gameId, limit: limit, before: before)
                        }
                    }
                    async let graphQLPages = Self.walk(gameId: gameId, limit: limit) { before in
                        try await LotteryRead.graphQL {
                            try await graphQL.fetchResponse(
                                requestType: .draws(gameId: gameId, last: limit, before: before), as: [DrawInfo].self)
                        }
                    }
                    let both = await restPages + graphQLPages
                    // The first page is compared whatever happens, so that a game whose archive fails through both
                    // APIs is a failure in the report, not a game with nothing compared.
                    let first = LotteryArchivePage(gameId: gameId, before: nil, last: limit)
                    var seenPages: Set<LotteryArchivePage> = []
                    var seenDraws: Set<String> = []
                    return (
                        index,
                        Archive(
                            pages: ([first] + both.map(\.page)).filter { seenPages.insert($0).inserted },
                            draws: both.flatMap(\.draws).filter { seenDraws.insert($0.id).inserted })
                    )
                }
                next += 1
            }
            for _ in 0..<8 { addNext() }
            while let (index, archive) = await group.next() {
                results[index] = archive
                addNext()
            }
            return results
        }
        var seen: Set<String> = []
        return Archive(
            pages: perGame.flatMap(\.pages),
            draws: perGame.flatMap(\.draws).filter { seen.insert($0.id).inserted })
    }

    /// One game's pages through one API, newest first, until a page that is not full, one that fails, one whose
    /// oldest draw is not older than the page's `before` (a server that does not page), or ``maximumPagesPerGame``.
    static func walk(
        gameId: String, limit: Int, page: (Int64?) async throws -> [DrawInfo]
    ) async -> [(page: LotteryArchivePage, draws: [LotteryDrawKey])] {
        var pages: [(page: LotteryArchivePage, draws: [LotteryDrawKey])] = []
        var before: Int64? = nil
        while pages.count < maximumPagesPerGame {
            guard let draws = try? await page(before) else { break }
            pages.append(
                (
                    LotteryArchivePage(gameId: gameId, before: before, last: limit),
                    draws.map { LotteryDrawKey(gameId: $0.gameId, number: $0.number, id: $0.id) }
                ))
            guard draws.count == limit, let oldest = draws.last?.number, before.map({ oldest < $0 }) ?? true else {
                break
            }
            before = oldest
        }
        return pages
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

}
