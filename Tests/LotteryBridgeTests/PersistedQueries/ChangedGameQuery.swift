import GraphQLBridge
import LotteryAPI

/// `GameQuery` as an app build would send it after someone changed `Operations.graphql` (a field added) without
/// regenerating the persisted-query manifest the server was given: same name and types, another document.
struct ChangedGameQuery: GraphQLQuery {
    typealias Data = GameQuery.Data
    static let operationName = "Game"
    static let document = GameQuery.document.replacingOccurrences(
        of: "{game(id:$id){...GameDetails}}", with: "{game(id:$id){...GameDetails drawsCount}}")

    var id: GraphQLID
    var variables: GameQuery.Variables { GameQuery.Variables(id: id) }
}
