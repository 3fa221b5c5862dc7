import GraphQLMigration
import LegacyModels
import LotteryBridge

/// The games, as both APIs list them (every game, active or not), asked once and shared by the plan's ids: the
/// games, their newest draws and their logos. The list of every game must come through both APIs, or nothing is
/// compared.
///
/// Only the ids are kept for the run (the games' and their logos'), not the games read: a comparison holds what it
/// compares, and the lists of every game grow with the backend.
actor LotteryGameListing {
    /// The ids the plan asks for, from the lists of every game.
    struct GameIDs: Sendable {
        /// Every game's id, REST's order first, then the ones only GraphQL lists.
        var games: [String]
        /// The ids of the games' logo images.
        var logos: [String]
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
            async let restGames = Self.capture {
                try await LotteryRead.rest { try await rest.games(activeOnly: false) }
            }
            async let graphQLGames = Self.capture {
                try await LotteryRead.graphQL {
                    try await graphQL.fetchResponse(
                        requestType: .games(type: nil, activeOnly: false), as: [GameInfo].self)
                }
            }
            switch await (restGames, graphQLGames) {
            case (.failure(let error), _):
                throw LotteryListingError(api: .rest, message: "cannot list the games: \(error)")
            case (_, .failure(let error)):
                throw LotteryListingError(api: .graphql, message: "cannot list the games: \(error)")
            case (.success(let restGames), .success(let graphQLGames)):
                return GameIDs(
                    games: Self.unique(restGames.map(\.id) + graphQLGames.map(\.id)),
                    logos: Self.unique((restGames + graphQLGames).compactMap(\.logo?.id)))
            }
        }
        listing = task
        return try await task.value
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
