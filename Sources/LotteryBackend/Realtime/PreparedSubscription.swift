/// A subscription request ready to stream: the operation (validated, variables coerced), the game whose draws it
/// listens to, and whose favourites its events read.
struct PreparedSubscription: Sendable {
    /// The operation.
    let operation: GraphQLService.PreparedOperation
    /// `drawUpdated`'s `gameId`.
    let gameId: String
    /// The bearer token of the request, or `nil`.
    let caller: String?
}
