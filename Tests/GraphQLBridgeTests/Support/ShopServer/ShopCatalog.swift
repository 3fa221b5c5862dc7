/// What ``ShopServer`` serves: four products, their logos and offers, which products are favourites, and how the
/// offers changed since (``advance(productId:)``, the source of `offerUpdated` events).
///
/// `p1` is a device with offers 1 to 5; `p2` a device whose offers are numbered from 2^53 - 2 (its open offer's number,
/// 2^53 + 2, is not exact as a `Double`); `p3` is food whose last closed offer's `discount` is a field error (its
/// pricing service is down: partial data); `p4` is food with no logo and no offers. A product's newest offer is open
/// (40 in stock), the others closed; an offer's `id` is `<productId>-<number>`, a logo's `logo-<productId>`.
struct ShopCatalog: Sendable {
    /// A product.
    struct Product: Sendable {
        var id: String
        var name: String
        var kind: String
        var logo: String?
        /// The number of its first offer.
        var firstOffer: Int64
    }

    /// An offer of a product, as it is now.
    struct Offer: Sendable, Equatable {
        var productId: String
        var number: Int64
        var stock: Int64
        var status: String
        /// Its place among the product's offers (1 for the first).
        var index: Int64

        var id: String { "\(productId)-\(number)" }
        var price: Int64 { 1_000 + index * 10 }
        var tags: [String] { status == "OPEN" ? ["new"] : ["sale", "café ☕"] }
        /// `2027-01-<index>T08:00:00Z`.
        var startsAt: String { "2027-01-\(index < 10 ? "0" : "")\(min(index, 28))T08:00:00Z" }
        var discount: Int64? { index == 4 ? 15 : nil }
        /// Whether `discount` is a field error (`p3`'s last closed offer).
        var discountFails: Bool { productId == "p3" && index == 4 }
    }

    /// An image.
    struct Image: Sendable {
        var id: String
        var url: String { "https://cdn.shop.example/logos/\(id).png" }
        var width: Int64 { 128 }
        var height: Int64 { 128 }
    }

    /// The products, in the order `products` lists them.
    var products: [Product] = [
        Product(id: "p1", name: "Espresso machine", kind: "DEVICE", logo: "logo-p1", firstOffer: 1),
        Product(id: "p2", name: "Coffee grinder", kind: "DEVICE", logo: "logo-p2", firstOffer: 9_007_199_254_740_990),
        Product(id: "p3", name: "Coffee beans", kind: "FOOD", logo: "logo-p3", firstOffer: 1),
        Product(id: "p4", name: "Green tea", kind: "FOOD", logo: nil, firstOffer: 1),
    ]
    /// How many offers each product has (offers are added by ``advance(productId:)``).
    var offerCounts: [String: Int64] = ["p1": 5, "p2": 5, "p3": 5, "p4": 0]
    /// Units sold of each offer, by id.
    var sold: [String: Int64] = [:]
    /// How many times each product's offers were advanced.
    var steps: [String: Int] = [:]
    /// The favourite products' ids.
    var favorites: Set<String> = []

    /// The product `id`, if any.
    func product(_ id: String) -> Product? { products.first { $0.id == id } }

    /// The image `id`, if a product has it as its logo.
    func image(_ id: String) -> Image? { products.contains { $0.logo == id } ? Image(id: id) : nil }

    /// Offer `number` of product `productId`, if it has one.
    func offer(productId: String, number: Int64) -> Offer? {
        guard let product = product(productId), let count = offerCounts[productId], number >= product.firstOffer,
            number - product.firstOffer < count
        else { return nil }
        let index = number - product.firstOffer + 1
        let id = "\(productId)-\(number)"
        return Offer(
            productId: productId, number: number, stock: index == count ? 40 - (sold[id] ?? 0) : 0,
            status: index == count ? "OPEN" : "CLOSED", index: index)
    }

    /// The number of a product's newest offer (`nil` when it has none).
    private func newest(_ product: Product) -> Int64? {
        guard let count = offerCounts[product.id], count > 0 else { return nil }
        return product.firstOffer + count - 1
    }

    /// A product's open offer (the newest).
    func nextOffer(_ product: Product) -> Offer? {
        newest(product).flatMap { offer(productId: product.id, number: $0) }
    }

    /// A product's newest closed offer.
    func lastOffer(_ product: Product) -> Offer? {
        newest(product).flatMap { offer(productId: product.id, number: $0 - 1) }
    }

    /// A product's offers, newest first: the `last` ones numbered below `before`.
    func offers(productId: String, last: Int64, before: Int64?) -> [Offer] {
        guard let product = product(productId), let newest = newest(product) else { return [] }
        let top = min(newest, (before ?? Int64.max) - 1)
        guard top >= product.firstOffer else { return [] }
        return stride(from: top, through: max(product.firstOffer, top - last + 1), by: -1).compactMap {
            offer(productId: productId, number: $0)
        }
    }

    /// Moves a product's offers on, as a shop's day does: every odd step sells one unit of the open offer, every even
    /// step closes it and opens the next. Returns the offers that changed, as they are now, in order.
    mutating func advance(productId: String) -> [Offer] {
        guard let product = product(productId), let open = nextOffer(product) else { return [] }
        steps[productId, default: 0] += 1
        if steps[productId, default: 0] % 2 == 1 {
            sold[open.id, default: 0] += 1
            return offer(productId: productId, number: open.number).map { [$0] } ?? []
        }
        offerCounts[productId, default: 0] += 1
        return [open.number, open.number + 1].compactMap { offer(productId: productId, number: $0) }
    }
}
