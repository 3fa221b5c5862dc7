import GraphQLBridge
import LegacyModels
import LotteryBridge

/// One `games` list as each API answered it.
struct GamesListAnswers: Sendable {
    var query: GamesListQuery
    var rest: Result<[GameInfo], LegacyAPIError>
    var graphQL: Result<GraphQLBridgeResponse<[GameInfo]>, APIError>

    /// The games REST listed, or none when it failed.
    var restGames: [GameInfo] { (try? rest.get()) ?? [] }
    /// The games GraphQL listed, or none when it failed.
    var graphQLGames: [GameInfo] { (try? graphQL.get().value) ?? [] }
}
