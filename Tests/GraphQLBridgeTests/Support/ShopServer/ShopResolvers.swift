import GraphQLBridgeSupport
import GraphQLServer

/// The resolvers of ShopAPI's schema over a ``ShopCatalog``: a missing entity resolves to `null`, `offers` of an
/// unknown product to `[]`, `last` outside 1...100 is a field error, `p3`'s last closed offer has `discount` as a field
/// error, and `setFavorite` fails with a field error (changing nothing) when `failMutations` is set.
struct ShopResolvers: GraphQLResolving {
    /// The catalog as the server holds it now (`setFavorite` changes it).
    let catalog: Locked<ShopCatalog>
    /// Whether every mutation fails.
    let failMutations: Bool

    func resolve(
        _ field: String, of object: ShopObject, arguments: [String: GraphQLInputValue]
    ) throws -> GraphQLResolvedValue<ShopObject> {
        switch object {
        case .query: return try resolveQuery(field, arguments: arguments)
        case .mutation: return try resolveMutation(field, arguments: arguments)
        case .subscription(let offer):
            // The event's offer: the hub already picked the subscribed product's offers.
            guard field == "offerUpdated" else { throw GraphQLFieldError("no resolver for Subscription.\(field)") }
            return .object(.offer(offer))
        case .product(let product): return resolveProduct(field, of: product)
        case .offer(let offer): return try resolveOffer(field, of: offer)
        case .image(let image): return resolveImage(field, of: image)
        }
    }

    private func resolveQuery(
        _ field: String, arguments: [String: GraphQLInputValue]
    ) throws -> GraphQLResolvedValue<ShopObject> {
        let catalog = catalog.withLock { $0 }
        func string(_ name: String) -> String? {
            if case .string(let value) = arguments[name] { return value }
            return nil
        }
        func int(_ name: String) -> Int64? {
            if case .int(let value) = arguments[name] { return value }
            return nil
        }
        switch field {
        case "product":
            guard let id = string("id"), let product = catalog.product(id) else { return .null }
            return .object(.product(product))
        case "products":
            var kind: String?
            if case .enumValue(let name) = arguments["kind"] { kind = name }
            var inStockOnly = false
            if case .boolean(let flag) = arguments["inStockOnly"] { inStockOnly = flag }
            let products = catalog.products.filter { product in
                (kind.map { $0 == product.kind } ?? true)
                    && (!inStockOnly || (catalog.nextOffer(product)?.stock ?? 0) > 0)
            }
            return .list(products.map { .object(.product($0)) })
        case "image":
            guard let id = string("id"), let image = catalog.image(id) else { return .null }
            return .object(.image(image))
        case "offer":
            guard let productId = string("productId"), let number = int("number"),
                let offer = catalog.offer(productId: productId, number: number)
            else { return .null }
            return .object(.offer(offer))
        case "offers":
            let last = int("last") ?? 10
            guard (1...100).contains(last) else {
                throw GraphQLFieldError("last must be between 1 and 100, got \(last)", code: "BAD_REQUEST")
            }
            let offers = catalog.offers(productId: string("productId") ?? "", last: last, before: int("before"))
            return .list(offers.map { .object(.offer($0)) })
        default:
            throw GraphQLFieldError("no resolver for Query.\(field)")
        }
    }

    private func resolveMutation(
        _ field: String, arguments: [String: GraphQLInputValue]
    ) throws -> GraphQLResolvedValue<ShopObject> {
        guard field == "setFavorite" else { throw GraphQLFieldError("no resolver for Mutation.\(field)") }
        if failMutations {
            throw GraphQLFieldError("injected failure of every mutation (failMutations)", code: "INTERNAL")
        }
        guard case .string(let productId) = arguments["productId"],
            case .boolean(let favorite) = arguments["favorite"]
        else { throw GraphQLFieldError("setFavorite needs productId and favorite") }
        let product = try catalog.withLock { catalog -> ShopCatalog.Product in
            guard let product = catalog.product(productId) else {
                throw GraphQLFieldError("no product \(productId)", code: "NOT_FOUND")
            }
            if favorite { catalog.favorites.insert(productId) } else { catalog.favorites.remove(productId) }
            return product
        }
        return .object(.product(product))
    }

    private func resolveProduct(_ field: String, of product: ShopCatalog.Product) -> GraphQLResolvedValue<ShopObject> {
        let catalog = catalog.withLock { $0 }
        switch field {
        case "id": return .string(product.id)
        case "name": return .string(product.name)
        case "kind": return .string(product.kind)
        case "isFavorite": return .boolean(catalog.favorites.contains(product.id))
        case "logo":
            guard let id = product.logo, let image = catalog.image(id) else { return .null }
            return .object(.image(image))
        case "nextOffer": return catalog.nextOffer(product).map { .object(.offer($0)) } ?? .null
        case "lastOffer": return catalog.lastOffer(product).map { .object(.offer($0)) } ?? .null
        case "offersCount": return .int(catalog.offerCounts[product.id] ?? 0)
        default: return .null
        }
    }

    private func resolveOffer(_ field: String, of offer: ShopCatalog.Offer) throws -> GraphQLResolvedValue<ShopObject> {
        switch field {
        case "id": return .string(offer.id)
        case "productId": return .string(offer.productId)
        case "number": return .int(offer.number)
        case "price": return .int(offer.price)
        case "stock": return .int(offer.stock)
        case "tags": return .list(offer.tags.map { .string($0) })
        case "status": return .string(offer.status)
        case "startsAt": return .string(offer.startsAt)
        case "discount":
            if offer.discountFails {
                throw GraphQLFieldError("the pricing service is down", code: "PRICING_UNAVAILABLE")
            }
            return .int(offer.discount)
        default: return .null
        }
    }

    private func resolveImage(_ field: String, of image: ShopCatalog.Image) -> GraphQLResolvedValue<ShopObject> {
        switch field {
        case "id": return .string(image.id)
        case "url": return .string(image.url)
        case "width": return .int(image.width)
        case "height": return .int(image.height)
        default: return .null
        }
    }
}
