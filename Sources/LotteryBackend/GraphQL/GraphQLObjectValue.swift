import GraphQLServer

/// An object the executor completes: a root (query, mutation, a subscription's event) or an entity of the data set.
enum GraphQLObjectValue: GraphQLExecutableObject {
    /// The `Query` root.
    case query
    /// The `Mutation` root.
    case mutation
    /// The `Subscription` root of one event: the draw that changed (what `drawUpdated` resolves to).
    case subscription(DataSetDraw)
    /// A `Game`.
    case game(DataSetGame)
    /// A `Draw`.
    case draw(DataSetDraw)
    /// A `PrizeCategory`.
    case prizeCategory(DataSetPrizeCategory)
    /// An `Image`.
    case image(DataSetImage)

    /// The object type's name (`__typename`).
    var typeName: String {
        switch self {
        case .query: return "Query"
        case .mutation: return "Mutation"
        case .subscription: return "Subscription"
        case .game: return "Game"
        case .draw: return "Draw"
        case .prizeCategory: return "PrizeCategory"
        case .image: return "Image"
        }
    }
}
