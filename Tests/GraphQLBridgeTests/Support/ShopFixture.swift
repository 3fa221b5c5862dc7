import Foundation

/// The runtime tests' server answers for `ShopAPI` (Tests/ShopAPI): what a server sends for `Product(id: "p1")`
/// and `Image(id: "logo-p1")`, with every `__typename`, a 64-bit number past 2^53 and an offer of each kind.
enum ShopFixture {
    /// No answer of this name.
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "no ShopFixture answer named \(name)" }
    }

    /// The answer named `name`: `product-p1.graphql.json` or `image-logo-p1.graphql.json`.
    static func data(_ name: String) throws -> Data {
        switch name {
        case "product-p1.graphql.json": return Data(product.utf8)
        case "image-logo-p1.graphql.json": return Data(image.utf8)
        default: throw Missing(name: name)
        }
    }

    static let product = #"""
        {
          "data": {
            "product": {
              "__typename": "Product",
              "id": "p1",
              "name": "Espresso machine",
              "kind": "DEVICE",
              "isFavorite": false,
              "logo": {
                "__typename": "Image",
                "id": "logo-p1",
                "url": "https://cdn.shop.example/logos/p1.png",
                "width": 128,
                "height": 128
              },
              "nextOffer": {
                "__typename": "Offer",
                "id": "p1-9007199254740994",
                "productId": "p1",
                "number": 9007199254740994,
                "price": 41230,
                "stock": 402,
                "tags": [],
                "status": "OPEN",
                "startsAt": "2027-01-01T08:00:00Z",
                "discount": null
              },
              "lastOffer": {
                "__typename": "Offer",
                "id": "p1-9007199254740993",
                "productId": "p1",
                "number": 9007199254740993,
                "price": 43623,
                "stock": 0,
                "tags": ["sale", "last units", "café ☕"],
                "status": "CLOSED",
                "startsAt": "2026-12-31T20:00:00Z",
                "discount": 15
              },
              "offersCount": 9007199254740993
            }
          }
        }
        """#

    static let image = #"""
        {
          "data": {
            "image": {
              "__typename": "Image",
              "id": "logo-p1",
              "url": "https://cdn.shop.example/logos/p1.png",
              "width": 128,
              "height": 128
            }
          }
        }
        """#
}
