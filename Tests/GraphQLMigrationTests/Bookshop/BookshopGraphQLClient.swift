import Foundation
import GraphQLComparison
import GraphQLMigration

/// The bookshop's GraphQL client: sends an operation, decodes `{"data": ..., "errors": [...]}` into its generated-like
/// types and adapts them into the legacy models (the migration's adapter). Field errors beside data are warnings of
/// the comparison; every response is reported to it (what a GraphQL middleware does).
struct BookshopGraphQLClient: Sendable {
    let backend: BookshopBackend

    struct AuthorDetails: Decodable {
        var id: String
        var name: String
        var country: String?
    }

    struct BookDetails: Decodable {
        var id: String
        var title: String
        var author: AuthorDetails
        var priceCents: Int64
        var tags: [String]
        var publishedAt: String
        var readersNow: Int
        var rating: Double?
        var isWishlisted: Bool
    }

    private struct Response<DataType: Decodable>: Decodable {
        struct ResponseError: Decodable {
            var message: String
            var path: [String]?
        }

        var data: DataType?
        var errors: [ResponseError]?
    }

    private struct BookData: Decodable { var book: BookDetails? }
    private struct BooksData: Decodable { var books: [BookDetails] }
    private struct ShelfData: Decodable { var shelf: [BookDetails] }
    private struct AuthorData: Decodable { var author: AuthorDetails? }
    private struct SetWishlistedData: Decodable { var setWishlisted: BookDetails }

    func book(_ id: String) throws -> ShopBook {
        guard let book = try send("Book", ["id": id], as: BookData.self).book else {
            throw BookshopError(description: "GraphQL: no book \(id)")
        }
        return try Self.adapt(book)
    }

    func books() throws -> [ShopBook] {
        try send("Books", [:], as: BooksData.self).books.map(Self.adapt)
    }

    func shelf(_ name: String) throws -> [ShopBook] {
        try send("Shelf", ["name": name], as: ShelfData.self).shelf.map(Self.adapt)
    }

    func author(_ id: String) throws -> ShopAuthor {
        guard let author = try send("Author", ["id": id], as: AuthorData.self).author else {
            throw BookshopError(description: "GraphQL: no author \(id)")
        }
        return ShopAuthor(id: author.id, name: author.name, country: author.country)
    }

    func setWishlisted(_ id: String, _ wishlisted: Bool) throws -> Bool {
        try send("SetWishlisted", ["id": id, "wishlisted": wishlisted], as: SetWishlistedData.self).setWishlisted
            .isWishlisted
    }

    private func send<T: Decodable>(_ operation: String, _ variables: [String: Any], as type: T.Type) throws -> T {
        let request = try JSONSerialization.data(withJSONObject: ["operationName": operation, "variables": variables])
        let (status, body) = backend.graphQL(request)
        ComparisonContext.received(
            .graphql, body: body, url: URL(string: "http://bookshop.test/graphql"), status: status, operation: operation
        )
        guard status == 200 else { throw BookshopError(description: "GraphQL \(operation): HTTP \(status)") }
        let response: Response<T>
        do {
            response = try JSONDecoder().decode(Response<T>.self, from: body)
        } catch {
            throw BookshopError(description: "GraphQL \(operation): the body does not decode: \(error)")
        }
        for error in response.errors ?? [] {
            ComparisonContext.warn("GraphQL error at \((error.path ?? []).joined(separator: ".")): \(error.message)")
        }
        guard let data = response.data else {
            throw BookshopError(
                description: "GraphQL \(operation): " + (response.errors ?? []).map(\.message).joined(separator: "; "))
        }
        return data
    }

    /// The adapter: the generated-like type into the legacy model.
    static func adapt(_ book: BookDetails) throws -> ShopBook {
        guard let published = ISO8601DateFormatter().date(from: book.publishedAt) else {
            throw BookshopError(description: "publishedAt '\(book.publishedAt)' is not a date")
        }
        return ShopBook(
            id: book.id, title: book.title,
            author: ShopAuthor(id: book.author.id, name: book.author.name, country: book.author.country),
            price: Decimal(book.priceCents) / 100, tags: book.tags, publishedAt: published, readersNow: book.readersNow,
            rating: book.rating, isWishlisted: book.isWishlisted)
    }
}
