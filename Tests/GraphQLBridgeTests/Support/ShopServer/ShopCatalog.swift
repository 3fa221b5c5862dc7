/// What ``ShopServer`` serves: four products, their logos and offers, and which products are favourites.
///
/// `p1` and `p2` are devices with five offers each (1 to 4 closed, 5 open); `p3` is food whose last offer's
/// `discount` is a field error (its pricing service is down: partial data); `p4` is food with no logo and no offers.
/// An offer's `id` is `<productId>-<number>`; a logo's is `logo-<productId>`.
struct ShopCatalog: Sendable {
    /// A product.
    struct Product: Sendable {
        var id: String
        var name: String
        var kind: String
        var logo: String?
        var offerCount: Int64
    }

    /// An offer of a product.
    struct Offer: Sendable {
        var productId: String
        var number: Int64

        var id: String { "\(productId)-\(number)" }
        var price: Int64 { 1_000 + number * 10 }
        var stock: Int64 { number == 5 ? 40 : 0 }
        var tags: [String] { number == 5 ? ["new"] : ["sale", "café ☕"] }
        var status: String { number == 5 ? "OPEN" : "CLOSED" }
        /// `2027-01-0<number>T08:00:00Z`.
        var startsAt: String { "2027-01-0\(number)T08:00:00Z" }
        var discount: Int64? { number == 4 ? 15 : nil }
        /// Whether `discount` is a field error (`p3`'s last closed offer).
        var discountFails: Bool { productId == "p3" && number == 4 }
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
        Product(id: "p1", name: "Espresso machine", kind: "DEVICE", logo: "logo-p1", offerCount: 5),
        Product(id: "p2", name: "Coffee grinder", kind: "DEVICE", logo: "logo-p2", offerCount: 5),
        Product(id: "p3", name: "Coffee beans", kind: "FOOD", logo: "logo-p3", offerCount: 5),
        Product(id: "p4", name: "Green tea", kind: "FOOD", logo: nil, offerCount: 0),
    ]
    /// The favourite products' ids.
    var favorites: Set<String> = []

    /// The product `id`, if any.
    func product(_ id: String) -> Product? { products.first { $0.id == id } }

    /// The image `id`, if a product has it as its logo.
    func image(_ id: String) -> Image? { products.contains { $0.logo == id } ? Image(id: id) : nil }

    /// Offer `number` of product `productId`, if it has one.
    func offer(productId: String, number: Int64) -> Offer? {
        guard let product = product(productId), number >= 1, number <= product.offerCount else { return nil }
        return Offer(productId: productId, number: number)
    }

    /// A product's open offer (the newest).
    func nextOffer(_ product: Product) -> Offer? { offer(productId: product.id, number: product.offerCount) }

    /// A product's newest closed offer.
    func lastOffer(_ product: Product) -> Offer? { offer(productId: product.id, number: product.offerCount - 1) }

    /// A product's offers, newest first: the `last` ones numbered below `before`.
    func offers(productId: String, last: Int64, before: Int64?) -> [Offer] {
        guard let product = product(productId) else { return [] }
        let top = min(product.offerCount, (before ?? Int64.max) - 1)
        guard top >= 1 else { return [] }
        return stride(from: top, through: max(1, top - last + 1), by: -1).map {
            Offer(productId: productId, number: $0)
        }
    }
}
