/// The bookshop app's legacy model of an author.
struct ShopAuthor: Equatable, Sendable {
    var id: String
    var name: String
    var country: String?
}
