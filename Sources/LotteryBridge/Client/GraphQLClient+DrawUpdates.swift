import GraphQLBridge
import LegacyModels
import LotteryAPI

extension GraphQLClient {
    /// A game's draws as they change, as legacy `DrawInfo`s: each status change, the numbers and prizes, a new draw
    /// (the `DrawUpdated` subscription over the client's transport; see ``GraphQLSubscriptionTransport``). Nothing
    /// is sent for the state at the time of subscribing: fetch it. The sequence ends when the consuming task is
    /// cancelled (the subscription ends on the server too).
    ///
    /// ```swift
    /// for try await draw in client.drawUpdates(gameId: "6x45") { screen.show(draw) }
    /// ```
    public func drawUpdates(gameId: String) -> ModelWatch<DrawInfo, APIError> {
        watch(requestType: .drawUpdates(gameId: gameId), as: DrawInfo.self)
    }

    /// The legacy model of one `DrawUpdated` event.
    static func drawUpdateResponse(_ result: GraphQLResult<DrawUpdatedSubscription.Data>) throws(APIError) -> DrawInfo {
        guard let draw = result.data?.drawUpdated else {
            throw .notFound(operation: DrawUpdatedSubscription.operationName, path: "drawUpdated")
        }
        return try APIError.adapting("data.drawUpdated", operation: DrawUpdatedSubscription.operationName) {
            () throws(GraphQLDecodingError) in try DrawInfo(graphQL: draw)
        }
    }
}
