/// Differences the bookshop backend can plant in its GraphQL answers (REST stays right).
enum BookshopPlanted: Sendable, Hashable {
    /// `book(id: "b02")` has a wrong title.
    case wrongTitle
    /// `b03`'s price is one cent more through GraphQL.
    case priceOffByOneCent
    /// `b04`'s tags come in the reverse order through GraphQL.
    case tagsReversed
    /// The `books(shelf: "new")` list comes in the reverse order through GraphQL.
    case shelfReversed
    /// `b05` cannot be read through GraphQL (an internal error).
    case failingBook
    /// The author `a3`'s country is missing through `author(id:)` (not inside books).
    case authorCountryMissing
    /// Writes through GraphQL do not reach REST's state.
    case unsharedWishlist
}
