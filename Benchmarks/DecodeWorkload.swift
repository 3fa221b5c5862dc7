import Foundation

/// The bytes of the decode workload: for each game, the bodies the app fetches over each API.
struct DecodeWorkload {
    /// The generated games the bodies were written from.
    var games: [SampleGame]
    /// `GameQuery` bodies, one per game.
    var graphQLGameBodies: [Data]
    /// `DrawsQuery` bodies (`last: N`), one per game.
    var graphQLDrawsBodies: [Data]
    /// `GET /api/v1/games/{id}` bodies, one per game.
    var restGameBodies: [Data]
    /// `GET /api/v1/games/{id}/draws?limit=N` bodies, one per game.
    var restDrawsBodies: [Data]

    /// Generates the games and serializes them per the contract.
    init(options: BenchmarkOptions) {
        var generator = SampleDataGenerator(seed: options.seed, drawsPerGame: options.drawsPerGame)
        games = generator.games(count: options.games)
        graphQLGameBodies = games.map { Data($0.graphQLGameBody.utf8) }
        graphQLDrawsBodies = games.map { Data($0.graphQLDrawsBody.utf8) }
        restGameBodies = games.map { Data($0.restGameBody.utf8) }
        restDrawsBodies = games.map { Data($0.restDrawsBody.utf8) }
    }

    /// Bytes of all GraphQL bodies (what the floor and the GraphQL path decode per run).
    var graphQLBytes: Int {
        graphQLGameBodies.reduce(0) { $0 + $1.count } + graphQLDrawsBodies.reduce(0) { $0 + $1.count }
    }

    /// Bytes of all REST bodies (what the REST path decodes per run).
    var restBytes: Int {
        restGameBodies.reduce(0) { $0 + $1.count } + restDrawsBodies.reduce(0) { $0 + $1.count }
    }

    /// Number of bodies per API.
    var bodyCount: Int {
        graphQLGameBodies.count + graphQLDrawsBodies.count
    }
}
