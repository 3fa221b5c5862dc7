import Foundation
import Testing

@testable import GraphQLBridge

/// `CacheRecord` keeps its fields in the order they were first written and finds each where a write of the same
/// selection looks first: whatever the order of a write, every field lands once, the later entry of a name given
/// twice wins, and records compare equal by their fields, not their order.
@Suite("CacheRecord storage")
struct CacheRecordStorageTests {
    static let first = Date(timeIntervalSinceReferenceDate: 1_000)
    static let later = Date(timeIntervalSinceReferenceDate: 2_000)

    static func write(_ name: String, _ value: String, at date: Date = first, maxAge: Duration? = nil)
        -> CacheFieldWrite
    {
        CacheFieldWrite(
            name: name, entry: CacheFieldEntry(value: .scalar(.string(value)), receivedAt: date, maxAge: maxAge))
    }

    /// `count` fields `f0`, `f1`, …, valued `prefix0`, `prefix1`, …
    static func writes(_ count: Int, prefix: String = "v", at date: Date = first) -> [CacheFieldWrite] {
        (0..<count).map { write("f\($0)", "\(prefix)\($0)", at: date) }
    }

    @Test("a write in any order, or with new fields between, lands every field once", arguments: [3, 24, 25, 80])
    func anyOrder(count: Int) {
        var record = CacheRecord(key: "Game:1", writes: Self.writes(count))
        #expect(record.fields.count == count)
        // Same values, received later, in reverse order with a new field between each: nothing but receipts and the
        // new fields change, each field once.
        var shuffled: [CacheFieldWrite] = []
        for field in Self.writes(count, at: Self.later).reversed() {
            shuffled.append(field)
            shuffled.append(Self.write("new-\(field.name)", "n", at: Self.later))
        }
        let outcome = record.merge(fields: shuffled)
        #expect(outcome.changed && outcome.valueChanged)
        #expect(record.fields.count == 2 * count)
        for index in 0..<count {
            #expect(record.entry(named: "f\(index)")?.value == .scalar(.string("v\(index)")))
            #expect(record.entry(named: "f\(index)")?.receivedAt == Self.later)
            #expect(record.entry(named: "new-f\(index)")?.value == .scalar(.string("n")))
        }
        #expect(record.entry(named: "absent") == nil)
        // Received again, equal, later: a change of receipt only.
        let latest = Self.later.addingTimeInterval(60)
        let again = record.merge(fields: Self.writes(count, at: latest))
        #expect(again.changed && !again.valueChanged)
        #expect(record.entry(named: "f0")?.receivedAt == latest)
        // Received again, equal, but generated earlier (a larger `Age`): it ends sooner, which results must follow.
        let older = record.merge(fields: Self.writes(count, at: Self.first))
        #expect(older.changed && older.valueChanged)
        #expect(record.entry(named: "f0")?.receivedAt == Self.first)
        // Nothing new at all: no change.
        let same = record.merge(fields: Self.writes(count, at: Self.first))
        #expect(!same.changed && !same.valueChanged)
    }

    @Test("a name given twice: the later entry wins, at the first one's place", arguments: [2, 30])
    func nameTwice(count: Int) {
        var fields = Self.writes(count)
        fields.append(Self.write("f0", "second"))
        let record = CacheRecord(key: "Game:1", writes: fields)
        #expect(record.fields.count == count)
        #expect(record.entry(named: "f0")?.value == .scalar(.string("second")))
        #expect(record.fieldNames.first == "f0")
    }

    @Test("records are equal, and hash alike, by their fields whatever their order")
    func equalityIgnoresOrder() {
        let forward = CacheRecord(key: "Game:1", writes: Self.writes(30))
        let backward = CacheRecord(key: "Game:1", writes: Self.writes(30).reversed())
        #expect(Array(forward.fieldNames) != Array(backward.fieldNames))
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward == CacheRecord(key: "Game:1", fields: forward.fields))
        #expect(forward != CacheRecord(key: "Game:2", writes: Self.writes(30)))
        var changed = Self.writes(30)
        changed[29] = Self.write("f29", "other")
        #expect(forward != CacheRecord(key: "Game:1", writes: changed))
        #expect(forward != CacheRecord(key: "Game:1", writes: Self.writes(29)))
    }

    @Test("setting fields keeps the kept fields' places, drops the others and finds the new ones", arguments: [4, 40])
    func settingFields(count: Int) {
        var record = CacheRecord(key: "Game:1", writes: Self.writes(count))
        var fields = record.fields
        fields["f1"] = nil
        fields["added"] = CacheFieldEntry(value: .null, receivedAt: Self.later)
        record.fields = fields
        #expect(record.fields == fields)
        #expect(record.entry(named: "f1") == nil)
        #expect(record.entry(named: "added")?.value == .null)
        #expect(Array(record.fieldNames.prefix(2)) == ["f0", "f2"])
        record.setEntry(CacheFieldEntry(value: .missing, receivedAt: Self.later), named: "f2")
        record.setEntry(CacheFieldEntry(value: .missing, receivedAt: Self.later), named: "another")
        #expect(record.entry(named: "f2")?.value == .missing)
        #expect(record.entry(named: "another")?.value == .missing)
        #expect(record.fields.count == count + 1)
    }

    @Test("the SQLite encoding keeps the fields' order, and refuses a name twice")
    func codecOrder() throws {
        let record = CacheRecord(key: "Game:1", writes: Self.writes(30).reversed())
        let decoded = try CacheRecordCodec.encode(record).withUnsafeBytes {
            try CacheRecordCodec.decode($0, key: "Game:1")
        }
        #expect(Array(decoded.fieldNames) == Array(record.fieldNames))
        #expect(decoded == record)
        let twice = CacheRecordCodec.encode(Self.writes(3) + [Self.write("f1", "again")])
        let error = #expect(throws: GraphQLCacheError.self) {
            try twice.withUnsafeBytes { try CacheRecordCodec.decode($0, key: "Game:1") }
        }
        #expect(error?.message.contains("the field f1 appears twice") == true)
    }

    @Test("an object's key under lists is the owner, the field and each index, as built one step at a time")
    func pathKeys() {
        let stepwise = CacheKey.element(
            of: CacheKey.element(of: CacheKey.child(of: "Game:1", field: #"draws({"last":2})"#), at: 3), at: 0)
        #expect(CacheKey.child(of: "Game:1", field: #"draws({"last":2})"#, at: [3, 0]) == stepwise)
        #expect(CacheKey.child(of: "Game:1", field: "logo", at: []) == CacheKey.child(of: "Game:1", field: "logo"))
    }
}
