import GraphQLMigration
import LegacyModels
import LotteryBridge

/// The games, as both APIs list them (every game, active or not), asked once and shared by the plan's ids: the
/// games, their newest draws and their logos. The list of every game must come through both APIs, or nothing is
/// compared.
actor LotteryGameListing {
    let rest: LegacyAPIClient
    let graphQL: GraphQLClient
    let drawsPerGame: Int
    private var games: Task<(rest: [GameInfo], graphQL: [GameInfo]), any Error>?
    private var draws: Task<[LotteryDrawKey], any Error>?

    init(rest: LegacyAPIClient, graphQL: GraphQLClient, drawsPerGame: Int) {
        self.rest = rest
        self.graphQL = graphQL
        self.drawsPerGame = drawsPerGame
    }

    /// Every game through both APIs.
    func everyGame() async throws -> (rest: [GameInfo], graphQL: [GameInfo]) {
        if let games { return try await games.value }
        let rest = rest
        let graphQL = graphQL
        let task = Task { () throws -> (rest: [GameInfo], graphQL: [GameInfo]) in
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
                return (restGames, graphQLGames)
            }
        }
        games = task
        return try await task.value
    }

    /// The ids of every game, REST's order first, then the ones only GraphQL lists.
    func gameIDs() async throws -> [String] {
        let (restGames, graphQLGames) = try await everyGame()
        return unique(restGames.map(\.id) + graphQLGames.map(\.id))
    }

    /// The ids of the games' logo images.
    func logoIDs() async throws -> [String] {
        let (restGames, graphQLGames) = try await everyGame()
        return unique((restGames + graphQLGames).compactMap(\.logo?.id))
    }

    /// Each game's newest draws as either API lists them (a draw in one list only is compared too); none for a game
    /// whose list fails through one API (that list's comparison reports the failure).
    func drawKeys() async throws -> [LotteryDrawKey] {
        if let draws { return try await draws.value }
        let ids = try await gameIDs()
        let rest = rest
        let graphQL = graphQL
        let limit = drawsPerGame
        let task = Task { () throws -> [LotteryDrawKey] in
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
        draws = task
        return try await task.value
    }

    private func unique(_ ids: [String]) -> [String] {
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
