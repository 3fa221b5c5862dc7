import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI
import LotteryBridge

/// One way of turning the workload's bodies into values; each run decodes every body of its API once.
enum DecodePath: String, CaseIterable {
    /// `JSONDecoder` into plain structs of the GraphQL bodies' shape (``Floor``).
    case floor
    /// `GraphQLResponseDecoder` with `path: .decodable` (the generated types' `Decodable` conformances through
    /// `JSONDecoder`) into the generated `GameQuery.Data` / `DrawsQuery.Data`, then the adapters into the
    /// legacy models.
    case graphql
    /// `GraphQLResponseDecoder` as the client calls it: the generated one-pass decoders
    /// (`init(graphQLReader:)`), then the same adapters.
    case fast
    /// `LegacyAPIClient.decodeEnvelope` of the REST bodies into the legacy models.
    case rest

    /// A failure to decode a body of the workload (the benchmark's data is valid, so this is a bug).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The response head the GraphQL bodies come with.
    static let graphQLResponse = HTTPResponse(
        status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType])

    /// Decodes every body of the workload once; returns a checksum (games + draws + prize categories seen)
    /// that is the same for every path, so the work cannot be optimized away and the paths can be compared.
    func run(_ workload: DecodeWorkload) throws -> Int {
        var checksum = 0
        switch self {
        case .floor:
            let decoder = JSONDecoder()
            for index in workload.graphQLGameBodies.indices {
                let game = try decoder.decode(Floor.GameBody.self, from: workload.graphQLGameBodies[index])
                guard let details = game.data?.game else { throw Failure(description: "floor: game \(index) is null") }
                checksum += 1 + details.id.utf8.count
                let draws = try decoder.decode(Floor.DrawsBody.self, from: workload.graphQLDrawsBodies[index])
                for draw in draws.data?.draws ?? [] { checksum += 1 + draw.prizeCategories.count }
            }
        case .graphql, .fast:
            let path: GraphQLResponseDecoder.Path = self == .fast ? .automatic : .decodable
            for index in workload.graphQLGameBodies.indices {
                let game = try Self.graphQLGame(workload.graphQLGameBodies[index], path: path)
                checksum += 1 + game.id.utf8.count
                for draw in try Self.graphQLDraws(workload.graphQLDrawsBodies[index], path: path) {
                    checksum += 1 + draw.categories.count
                }
            }
        case .rest:
            for index in workload.restGameBodies.indices {
                let game = try Self.restGame(workload.restGameBodies[index])
                checksum += 1 + game.id.utf8.count
                for draw in try Self.restDraws(workload.restDrawsBodies[index]) {
                    checksum += 1 + draw.categories.count
                }
            }
        }
        return checksum
    }

    /// A `GameQuery` body to a legacy `GameInfo`, as the app's GraphQL client does it.
    static func graphQLGame(_ body: Data, path: GraphQLResponseDecoder.Path) throws -> GameInfo {
        let result = try GraphQLResponseDecoder.decode(
            GameQuery.Data.self, operation: GameQuery.operationName, response: graphQLResponse, body: body,
            errorPolicy: .returnPartialData, path: path)
        guard let game = result.data?.game else { throw Failure(description: "graphql: data.game is null") }
        return try GameInfo(graphQL: game)
    }

    /// A `DrawsQuery` body to legacy `DrawInfo`s.
    static func graphQLDraws(_ body: Data, path: GraphQLResponseDecoder.Path) throws -> [DrawInfo] {
        let result = try GraphQLResponseDecoder.decode(
            DrawsQuery.Data.self, operation: DrawsQuery.operationName, response: graphQLResponse, body: body,
            errorPolicy: .returnPartialData, path: path)
        guard let draws = result.data?.draws else { throw Failure(description: "graphql: data is null") }
        var models: [DrawInfo] = []
        models.reserveCapacity(draws.count)
        for draw in draws { models.append(try DrawInfo(graphQL: draw)) }
        return models
    }

    /// A `GET /games/{id}` body to a legacy `GameInfo`.
    static func restGame(_ body: Data) throws -> GameInfo {
        try LegacyAPIClient.decodeEnvelope(GameInfo.self, from: body)
    }

    /// A `GET /games/{id}/draws` body to legacy `DrawInfo`s.
    static func restDraws(_ body: Data) throws -> [DrawInfo] {
        try LegacyAPIClient.decodeEnvelope([DrawInfo].self, from: body)
    }
}
