import Foundation
import Testing

@testable import GraphQLBridge

/// A persistent store's write and its trim to the byte limit are one transaction (the model checker's seed 701754):
/// another connection (another process, a new cache on the file) reading the store's byte count after any commit never
/// finds it over the limit, and a crash between the write and a trim of its own cannot leave it so. A second
/// connection reads `state.bytes` after each commit of the writer (``SQLiteCacheStore/afterCommit``).
@Suite("A write and its trim in one transaction")
struct TrimInWriteTransactionTests {
    private static let time = Date(timeIntervalSince1970: 1_800_000_000)
    private static let limit = 2_000

    /// A record of about 300 bytes.
    private static func record(_ index: Int) -> CacheRecordWrite {
        let page = String(repeating: "p", count: 280) + "\(index)"
        return [CacheFieldWrite(name: "page", entry: CacheFieldEntry(value: .scalar(.string(page)), receivedAt: time))]
    }

    /// Writes 20 records one merge at a time through `writer` (with `rule`, or trimming after each merge with a call of
    /// its own when `nil`, as the cache did before), and returns the byte counts `reader` saw after each commit.
    private static func observe(
        rule: SQLiteCacheStore.TrimRule?, folder: TemporaryFolder
    ) throws -> (seen: [Int], trimmed: [String], writer: SQLiteCacheStore) {
        let file = folder.url.appendingPathComponent("shared.sqlite")
        let writer = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        let reader = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        writer.trimRule = rule
        var seen: [Int] = []
        var failure: GraphQLCacheError?
        writer.afterCommit = {
            do throws(GraphQLCacheError) {
                seen.append(try reader.byteCount())
            } catch {
                failure = error
            }
        }
        var trimmed: [String] = []
        for index in 0..<20 {
            _ = try writer.merge(["Page:\(index)": record(index)], startedAt: nil, response: nil)
            trimmed += writer.takeTrimmedKeys()
            if rule == nil, try writer.byteCount() > limit {
                trimmed += try writer.trim(toBytes: limit / 10 * 9, sparing: [])
            }
        }
        if let failure { throw failure }
        return (seen, trimmed, writer)
    }

    @Test("another connection never reads the store over its limit after a commit")
    func neverOverTheLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let rule = SQLiteCacheStore.TrimRule(limit: Self.limit, target: Self.limit / 10 * 9, prepare: { [] })
        let (seen, trimmed, writer) = try Self.observe(rule: rule, folder: folder)
        #expect(seen.count == 20, "one commit per write: the trim is in it")
        #expect(seen.allSatisfy { $0 <= Self.limit }, "seen: \(seen)")
        #expect(!trimmed.isEmpty, "the writes went past the limit: records were trimmed")
        #expect(try writer.byteCount() <= Self.limit)
        // The oldest records went first; the last one written stays.
        #expect(trimmed.first == "Page:0")
        #expect(try writer.records(forKeys: ["Page:19"])["Page:19"] != nil)
    }

    @Test("the check can fail: with the trim in a transaction of its own, the reader sees the store over its limit")
    func separateTrimIsSeen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (seen, trimmed, _) = try Self.observe(rule: nil, folder: folder)
        #expect(!trimmed.isEmpty)
        #expect(seen.contains { $0 > Self.limit }, "seen: \(seen)")
    }

    @Test("a trim inside a write spares the records its rule spares (live watchers') and marks the used ones first")
    func sparedAndUsed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("spared.sqlite")
        let writer = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        var prepared = 0
        writer.trimRule = SQLiteCacheStore.TrimRule(
            limit: Self.limit, target: Self.limit / 10 * 9,
            prepare: { [unowned writer] in
                prepared += 1
                // Served from the memo since: used after Page:1 was written.
                writer.markUsed(["Page:1"])
                return ["Page:0"]
            })
        var trimmed: [String] = []
        for index in 0..<7 {
            _ = try writer.merge(["Page:\(index)": Self.record(index)], startedAt: nil, response: nil)
            trimmed += writer.takeTrimmedKeys()
        }
        #expect(prepared > 0, "asked only when a trim is needed")
        #expect(!trimmed.contains("Page:0"), "a watched record is never trimmed")
        #expect(!trimmed.contains("Page:1"), "a record used since counts as used")
        #expect(!trimmed.contains("Page:6"), "the record just written is used last")
        #expect(trimmed.first == "Page:2")
        #expect(try writer.byteCount() <= Self.limit)
    }
}
