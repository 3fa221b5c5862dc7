import GraphQLServer

/// An object ``ShopResolvers`` hands the executor: a root or an entity of the ``ShopCatalog``.
enum ShopObject: GraphQLExecutableObject {
    case query
    case mutation
    /// The `Subscription` root of one event: the offer that changed (what `offerUpdated` resolves to).
    case subscription(ShopCatalog.Offer)
    case product(ShopCatalog.Product)
    case offer(ShopCatalog.Offer)
    case image(ShopCatalog.Image)

    var typeName: String {
        switch self {
        case .query: return "Query"
        case .mutation: return "Mutation"
        case .subscription: return "Subscription"
        case .product: return "Product"
        case .offer: return "Offer"
        case .image: return "Image"
        }
    }
}
