import Foundation

/// A row of a persistent store's `responses` table as read, before it is checked (``response(defaultMaxAge:)``).
struct StoredResponseRow: Sendable {
    /// The statement that reads one query's row (its key bound first).
    static let selectOne =
        "SELECT max_age, expiry, received, revalidates, dependencies, body FROM responses WHERE query_key = ?"

    /// The default lifetime it was written with, when it expires and when its latest field was received (seconds since
    /// 1970), and whether one of its fields must be revalidated.
    var maxAge: Double
    var expiry: Double
    var received: Double
    var revalidates: Bool
    /// `nil` when the row's list of keys is damaged.
    var dependencies: RecordKeys?
    /// The response's JSON.
    var body: Data

    /// The row ``selectOne`` stands on.
    init(_ db: SQLiteConnection, _ statement: OpaquePointer) {
        maxAge = db.columnDouble(statement, 0)
        expiry = db.columnDouble(statement, 1)
        received = db.columnDouble(statement, 2)
        revalidates = db.columnInteger(statement, 3) != 0
        dependencies = RecordKeys(checkedEncoding: Array(db.columnBytes(statement, 4)))
        let body = db.columnBytes(statement, 5)
        self.body = body.baseAddress.map { Data(bytes: $0, count: body.count) } ?? Data()
    }

    /// The stored response, when it was written with the reader's default lifetime and its row is whole; `nil`
    /// otherwise (read from the records).
    func response(defaultMaxAge: Double) -> StoredResponse? {
        guard maxAge == defaultMaxAge, let dependencies, expiry.isFinite, received.isFinite else { return nil }
        return StoredResponse(
            body: body, dependencies: dependencies, expiry: Date(timeIntervalSince1970: expiry),
            latestReceipt: Date(timeIntervalSince1970: received), revalidates: revalidates)
    }
}
