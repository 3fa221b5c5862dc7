import Foundation
import GraphQLBridgeSupport

/// The bookshop's own small backend, in the test process: a REST API (`GET /books`, `/books/{id}`, `/authors/{id}`,
/// `/shelves/{name}`, `PUT/DELETE /books/{id}/wishlist`) and a GraphQL API (operations `Book`, `Books`, `Shelf`,
/// `Author`, `SetWishlisted`) over the same data, answering JSON bodies as a server would. Every read of a book moves
/// its `readersNow` counter; it counts its requests, and can plant differences in its GraphQL answers.
final class BookshopBackend: @unchecked Sendable {
    struct Book: Sendable {
        var id: String
        var title: String
        var authorID: String
        var priceCents: Int64
        var tags: [String]
        var published: Date
        var rating: Double?
    }

    struct Author: Sendable {
        var id: String
        var name: String
        var country: String?
    }

    /// How many requests both APIs got, behind the lock held for the whole of each request: every `var` below is
    /// only read or written inside it (hence `@unchecked Sendable`).
    private let requestCount = Locked(0)
    private let books: [Book]
    private let authors: [Author]
    private let planted: Set<BookshopPlanted>
    private var readers: [String: Int] = [:]
    private var restWishlist: Set<String> = []
    private var graphQLWishlist: Set<String> = []
    /// Whether each read moves `readersNow` (off for a backend whose data stands still).
    let liveCounter: Bool

    init(bookCount: Int = 12, planted: Set<BookshopPlanted> = [], liveCounter: Bool = true) {
        let countries: [String?] = ["NZ", nil, "FR", "JP"]
        authors = (1...4).map { Author(id: "a\($0)", name: "Author \($0)", country: countries[$0 - 1]) }
        var books: [Book] = []
        for index in 1..<(max(bookCount, 0) + 1) {
            let tags = ["tag\(index % 3)", "tag\(index % 5 + 3)", "new"]
            let rating: Double? = index % 4 == 0 ? nil : Double(index % 5) + 0.5
            books.append(
                Book(
                    id: String(format: "b%02d", index), title: "Book \(index)", authorID: "a\(index % 4 + 1)",
                    priceCents: Int64(999 + index * 100), tags: tags,
                    published: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 86_400), rating: rating))
        }
        self.books = books
        self.planted = planted
        self.liveCounter = liveCounter
    }

    /// How many requests both APIs got.
    var requests: Int { requestCount.value }

    // MARK: REST

    /// Answers a REST request: `(status, body)`.
    func rest(method: String = "GET", _ path: String) -> (Int, Data) {
        requestCount.withLock { requestCount in
            requestCount += 1
            let parts = path.split(separator: "/").map(String.init)
            switch (method, parts.count, parts.first) {
            case ("GET", 1, "books"):
                return (200, Self.json(["books": books.map { restBook($0) }]))
            case ("GET", 2, "books"):
                guard let book = books.first(where: { $0.id == parts[1] }) else {
                    return (404, Self.json(["error": "no book"]))
                }
                return (200, Self.json(restBook(book)))
            case ("GET", 2, "authors"):
                guard let author = authors.first(where: { $0.id == parts[1] }) else {
                    return (404, Self.json(["error": "no author"]))
                }
                return (
                    200,
                    Self.json(["author_id": author.id, "full_name": author.name, "country": author.country as Any])
                )
            case ("GET", 2, "shelves"):
                return (200, Self.json(["books": shelf(parts[1]).map { restBook($0) }]))
            case ("PUT", 3, "books"), ("DELETE", 3, "books"):
                guard let book = books.first(where: { $0.id == parts[1] }) else {
                    return (404, Self.json(["error": "no book"]))
                }
                if method == "PUT" { restWishlist.insert(book.id) } else { restWishlist.remove(book.id) }
                if !planted.contains(.unsharedWishlist) { graphQLWishlist = restWishlist }
                return (200, Self.json(restBook(book)))
            default:
                return (404, Self.json(["error": "no route \(method) \(path)"]))
            }
        }
    }

    /// The REST shape of a book: snake_case, the price as a decimal string, the date in the legacy format.
    private func restBook(_ book: Book) -> [String: Any] {
        let author = authors.first { $0.id == book.authorID }
        return [
            "book_id": book.id, "title": book.title,
            "author": ["author_id": book.authorID, "full_name": author?.name ?? "", "country": author?.country as Any],
            "price": Self.priceText(book.priceCents), "tags": book.tags.joined(separator: ","),
            "published": Self.legacyDate(book.published), "readers_now": nextReaders(book.id),
            "rating": book.rating as Any, "wishlisted": restWishlist.contains(book.id) ? 1 : 0,
        ]
    }

    // MARK: GraphQL

    /// Answers a GraphQL request body `{"operationName": ..., "variables": {...}}`: `(status, body)`.
    func graphQL(_ body: Data) -> (Int, Data) {
        requestCount.withLock { requestCount in
            requestCount += 1
            guard let request = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                let operation = request["operationName"] as? String
            else { return (400, Self.json(["errors": [["message": "not a GraphQL request"]]])) }
            let variables = request["variables"] as? [String: Any] ?? [:]
            let id = variables["id"] as? String ?? ""
            switch operation {
            case "Book":
                if planted.contains(.failingBook), id == "b05" {
                    return (
                        200,
                        Self.json([
                            "data": ["book": NSNull()], "errors": [["message": "internal error", "path": ["book"]]],
                        ])
                    )
                }
                guard let book = books.first(where: { $0.id == id }) else {
                    return (200, Self.json(["data": ["book": NSNull()]]))
                }
                return (200, Self.json(["data": ["book": graphQLBook(book)]]))
            case "Books":
                return (200, Self.json(["data": ["books": books.map { graphQLBook($0) }]]))
            case "Shelf":
                var list = shelf(variables["name"] as? String ?? "")
                if planted.contains(.shelfReversed) { list.reverse() }
                return (200, Self.json(["data": ["shelf": list.map { graphQLBook($0) }]]))
            case "Author":
                guard let author = authors.first(where: { $0.id == id }) else {
                    return (200, Self.json(["data": ["author": NSNull()]]))
                }
                var answer = graphQLAuthor(author)
                if planted.contains(.authorCountryMissing), author.id == "a3" { answer["country"] = NSNull() }
                return (200, Self.json(["data": ["author": answer]]))
            case "SetWishlisted":
                guard let book = books.first(where: { $0.id == id }) else {
                    return (200, Self.json(["data": NSNull(), "errors": [["message": "no book \(id)"]]]))
                }
                if variables["wishlisted"] as? Bool == true {
                    graphQLWishlist.insert(id)
                } else {
                    graphQLWishlist.remove(id)
                }
                if !planted.contains(.unsharedWishlist) { restWishlist = graphQLWishlist }
                return (200, Self.json(["data": ["setWishlisted": graphQLBook(book)]]))
            default:
                return (200, Self.json(["errors": [["message": "unknown operation \(operation)"]]]))
            }
        }
    }

    /// The GraphQL shape of a book: camelCase, the price in cents, the date in ISO 8601, tags as a list.
    private func graphQLBook(_ book: Book) -> [String: Any] {
        let author = authors.first { $0.id == book.authorID }
        var title = book.title
        if planted.contains(.wrongTitle), book.id == "b02" { title += " (GraphQL)" }
        var price = book.priceCents
        if planted.contains(.priceOffByOneCent), book.id == "b03" { price += 1 }
        var tags = book.tags
        if planted.contains(.tagsReversed), book.id == "b04" { tags.reverse() }
        return [
            "id": book.id, "title": title, "author": author.map { graphQLAuthor($0) } ?? NSNull(), "priceCents": price,
            "tags": tags, "publishedAt": ISO8601DateFormatter().string(from: book.published),
            "readersNow": nextReaders(book.id), "rating": book.rating as Any,
            "isWishlisted": graphQLWishlist.contains(book.id),
        ]
    }

    private func graphQLAuthor(_ author: Author) -> [String: Any] {
        ["id": author.id, "name": author.name, "country": author.country as Any]
    }

    // MARK: Data

    private func shelf(_ name: String) -> [Book] {
        name == "new" ? Array(books.suffix(5).reversed()) : []
    }

    private func nextReaders(_ id: String) -> Int {
        guard liveCounter else { return 7 }
        let value = (readers[id] ?? 40) + 1
        readers[id] = value
        return value
    }

    static func priceText(_ cents: Int64) -> String {
        let units = cents / 100
        let rest = cents % 100
        return "\(units).\(rest < 10 ? "0" : "")\(rest)"
    }

    /// `2020-09-13 12:26:40`, UTC: the legacy format.
    static func legacyDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    private static func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: Self.nullified(object), options: [.sortedKeys])) ?? Data()
    }

    /// `nil` values inside `Any` (from optionals) as `NSNull`.
    private static func nullified(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] { return dictionary.mapValues(nullified) }
        if let array = value as? [Any] { return array.map(nullified) }
        if case Optional<Any>.none = value as Any? { return NSNull() }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return NSNull() }
            return nullified(wrapped)
        }
        return value
    }
}
