import Foundation

/// The made-up bookshop app's legacy model of a book, as its screens use it (built from REST payloads): a second app,
/// apart from the lottery, with its own models, clients and backend, to show that a team can compare its own models.
struct ShopBook: Equatable, Sendable {
    var id: String
    var title: String
    var author: ShopAuthor
    var price: Decimal
    var tags: [String]
    var publishedAt: Date
    /// How many people read the book's page right now: live data that moves between two reads.
    var readersNow: Int
    var rating: Double?
    var isWishlisted: Bool
}
