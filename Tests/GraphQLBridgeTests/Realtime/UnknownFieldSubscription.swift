import GraphQLBridge

/// A subscription the server rejects in validation (hand-written: the generator would refuse it).
struct UnknownFieldSubscription: GraphQLSubscription {
    static let operationName = "UnknownField"
    static let document = "subscription UnknownField{noSuchField}"

    struct Data: Decodable, Sendable, Equatable {}
}
