import Foundation
import Testing

@testable import GraphQLBridge

/// `CacheRecord.merge`: what it says changed, and what the record holds after it.
@Suite("CacheRecord.merge")
struct CacheRecordMergeTests {
    private let early = Date(timeIntervalSince1970: 1_000)
    private let late = Date(timeIntervalSince1970: 2_000)

    private func record(_ fields: [String: CacheFieldEntry]) -> CacheRecord {
        CacheRecord(key: "Game:6x45", fields: fields)
    }

    private func entry(_ text: String, at date: Date, maxAge: Duration? = nil) -> CacheFieldEntry {
        CacheFieldEntry(value: .scalar(.string(text)), receivedAt: date, maxAge: maxAge)
    }

    @Test("an equal value received again: changed (its receipt), not a value change; the new receipt is kept")
    func sameValueNewReceipt() {
        var stored = record([
            "name": entry("6 of 45", at: early, maxAge: .seconds(5)), "id": entry("6x45", at: early),
        ])
        let outcome = stored.merge(record(["name": entry("6 of 45", at: late, maxAge: .seconds(5))]))
        #expect(outcome.changed && !outcome.valueChanged)
        #expect(stored.fields["name"] == entry("6 of 45", at: late, maxAge: .seconds(5)))
        #expect(stored.fields["id"] == entry("6x45", at: early), "a field not in the merged record is kept")
        // A longer lifetime: results read before stay fresh no longer than they were (stale early, never late).
        #expect(stored.merge(record(["name": entry("6 of 45", at: late, maxAge: .seconds(60))])) == (true, false))
    }

    @Test(
        "an equal value whose lifetime may end sooner (shorter, or to or from the cache's own) counts as a change",
        arguments: [
            (Duration?.some(.seconds(60)), Duration?.some(.seconds(5))), (nil, .seconds(5)), (.seconds(5), nil),
        ])
    func shorterLifetime(old: Duration?, new: Duration?) {
        var stored = record(["name": entry("6 of 45", at: early, maxAge: old)])
        let outcome = stored.merge(record(["name": entry("6 of 45", at: late, maxAge: new)]))
        #expect(outcome.changed && outcome.valueChanged)
        #expect(stored.fields["name"] == entry("6 of 45", at: late, maxAge: new))
    }

    @Test("the same entry again: nothing changed")
    func sameEntry() {
        var stored = record(["name": entry("6 of 45", at: early)])
        let outcome = stored.merge(record(["name": entry("6 of 45", at: early)]))
        #expect(!outcome.changed && !outcome.valueChanged)
    }

    @Test("a new value or a new field: a value change, the new entry kept whole")
    func newValueOrField() {
        var stored = record(["name": entry("6 of 45", at: early)])
        let changedValue = stored.merge(record(["name": entry("Six of 45", at: early)]))
        #expect(changedValue.changed && changedValue.valueChanged)
        #expect(stored.fields["name"] == entry("Six of 45", at: early))
        let newField = stored.merge(record(["logo": entry("logo-6x45", at: late)]))
        #expect(newField.changed && newField.valueChanged)
        #expect(stored.fields.count == 2 && stored.fields["logo"] == entry("logo-6x45", at: late))
        let missing = stored.merge(record(["logo": CacheFieldEntry(value: .missing, receivedAt: late)]))
        #expect(missing.valueChanged, "an error's missing value replaces the data it was")
    }
}

/// `HTTPHeaders`: field names compared without case, ASCII byte by byte.
@Suite("HTTPHeaders names")
struct HTTPHeadersNameTests {
    @Test(
        "names equal but for case, and not",
        arguments: [
            ("Cache-Control", "cache-control", true), ("CONTENT-TYPE", "Content-Type", true), ("ETag", "etag", true),
            ("X-A", "X-AB", false), ("X-AB", "X-A", false), ("", "", true), ("Accept", "Accepts", false),
            ("[", "{", false), ("@", "`", false), ("Straße", "STRASSE", false), ("Ünit", "ünit", true),
        ])
    func names(lhs: String, rhs: String, equal: Bool) {
        #expect(HTTPHeaders.sameName(lhs, rhs) == equal)
        #expect(HTTPHeaders.sameName(rhs, lhs) == equal)
        var headers: HTTPHeaders = [lhs: "1"]
        headers[rhs] = "2"
        #expect(Array(headers).count == (equal ? 1 : 2))
        #expect(headers[lhs] == (equal ? "2" : "1"))
    }

    @Test("equal headers hash alike")
    func hashing() {
        let lower: HTTPHeaders = ["cache-control": "max-age=5", "etag": "x"]
        let upper: HTTPHeaders = ["Cache-Control": "max-age=5", "ETAG": "x"]
        #expect(lower == upper && lower.hashValue == upper.hashValue)
    }
}
