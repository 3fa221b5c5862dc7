import Foundation
import GraphQLComparison
import GraphQLMigration

/// The bookshop's legacy REST client: decodes the REST payloads into the legacy models, as the app always did. Its
/// "session" reports every response to a running comparison (the app's REST hook).
struct BookshopRESTClient: Sendable {
    let backend: BookshopBackend

    private struct BookPayload: Decodable {
        struct AuthorPayload: Decodable {
            var author_id: String
            var full_name: String
            var country: String?
        }

        var book_id: String
        var title: String
        var author: AuthorPayload
        var price: String
        var tags: String
        var published: String
        var readers_now: Int
        var rating: Double?
        var wishlisted: Int
    }

    private struct BooksPayload: Decodable {
        var books: [BookPayload]
    }

    func book(_ id: String) throws -> ShopBook {
        try Self.legacy(try decode(BookPayload.self, get("books/\(id)")))
    }

    func books() throws -> [ShopBook] {
        try decode(BooksPayload.self, get("books")).books.map(Self.legacy)
    }

    func shelf(_ name: String) throws -> [ShopBook] {
        try decode(BooksPayload.self, get("shelves/\(name)")).books.map(Self.legacy)
    }

    func author(_ id: String) throws -> ShopAuthor {
        let payload = try decode(BookPayload.AuthorPayload.self, get("authors/\(id)"))
        return ShopAuthor(id: payload.author_id, name: payload.full_name, country: payload.country)
    }

    func setWishlisted(_ id: String, _ wishlisted: Bool) throws -> Bool {
        try Self.legacy(
            try decode(BookPayload.self, get("books/\(id)/wishlist", method: wishlisted ? "PUT" : "DELETE"))
        )
        .isWishlisted
    }

    private func get(_ path: String, method: String = "GET") throws -> Data {
        let (status, body) = backend.rest(method: method, path)
        ComparisonContext.received(
            .rest, body: body, url: URL(string: "http://bookshop.test/api/\(path)"), status: status)
        guard status == 200 else { throw BookshopError(description: "REST \(method) /\(path): HTTP \(status)") }
        return body
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw BookshopError(description: "REST body is not a \(type): \(error)")
        }
    }

    private static func legacy(_ payload: BookPayload) throws -> ShopBook {
        guard let price = Decimal(string: payload.price, locale: Locale(identifier: "en_US_POSIX")) else {
            throw BookshopError(description: "price '\(payload.price)' is not a number")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        guard let published = formatter.date(from: payload.published) else {
            throw BookshopError(description: "published '\(payload.published)' is not a date")
        }
        return ShopBook(
            id: payload.book_id, title: payload.title,
            author: ShopAuthor(
                id: payload.author.author_id, name: payload.author.full_name, country: payload.author.country),
            price: price, tags: payload.tags.split(separator: ",").map(String.init), publishedAt: published,
            readersNow: payload.readers_now, rating: payload.rating, isWishlisted: payload.wishlisted == 1)
    }
}
