/// An error of the bookshop's clients.
struct BookshopError: Error, Sendable, CustomStringConvertible {
    var description: String
}
