import Foundation

/// What a query's last complete answer wrote, kept beside its memoized result: its body, the fields it wrote to each
/// record and their lifetimes.
///
/// While the memo keeps the result, none of the records it read has changed value since (any change forgets it), so
/// the records still hold exactly what this answer wrote. The next answer of the same query whose `data` is the same
/// text, under the same `Cache-Control`, would write the same values with the same lifetimes: the cache then only
/// sets the fields' received times (the new answer's: its request time less its `Age`; not when that is earlier than
/// the fields' own, which would end lifetimes other results count on sooner) (``GraphQLCacheStore/refreshFields(of:receivedAt:)``), without normalizing the
/// answer or comparing its values. Polling, pull-to-refresh and a watcher's refetch get such answers when nothing changed.
final class AnswerSource: Sendable {
    /// The largest body kept (it is kept, not copied): a larger answer is written as any other, so that the memo's
    /// memory stays near its results'.
    static let byteLimit = 64 << 10

    /// The answer's body.
    let body: [UInt8]
    /// Where its `data` is in ``body``.
    let data: Range<Int>
    /// The lifetime the server gave (``CacheControl/lifetime``), which the fields' lifetimes follow.
    let serverMaxAge: Duration?
    /// Whether the server said `must-revalidate` (or `no-cache`), which marks every field written.
    let mustRevalidate: Bool
    /// How long after it was received the first of its fields stops being fresh.
    let earliestLifetime: TimeInterval
    /// The fields it wrote to each record, in the order written: the normalizer's writes, kept as they are (only their
    /// names and lifetimes are read: the records' values are the store's). Nothing is built from them until an answer
    /// is refreshed or patched (``GraphQLCacheStore/refreshFields(of:receivedAt:)``): an answer whose next one differs
    /// in more than leaves (normalized again) pays for no list of its fields.
    let writes: [String: CacheRecordWrite]
    /// The keys of the records it wrote (those of ``writes``, as a set).
    let dependencies: Set<String>
    /// ``writes`` as a refresh reads them (``RefreshPlan``); `nil` until an answer of the query is refreshed or patched
    /// (``planned()``), then kept by the sources of the answers patched from this one.
    let refreshPlan: RefreshPlan?
    /// The answer's tape (its bytes are ``body``) and the tape index of its `data`.
    let tape: JSONTape
    let dataIndex: Int
    /// What the normalizer recorded of its leaves, from which ``patch(tape:data:)`` builds its ``LeafTable`` (once, when
    /// an answer of the same size comes); `nil` when none was recorded (not patched).
    private let recorded: RecordedLeaves?
    /// The leaves and their slots, once built (kept by a patched answer's source).
    private let table: LeafTable?
    /// The objects its normalizer wrote (``CacheNormalizer/objects``), for the next answer of the query to take those it
    /// has unchanged (``previousAnswer(serverMaxAge:mustRevalidate:)``); `nil` when they cannot tell every record's
    /// writes apart, and for a patched answer's source (whose ``writes`` hold the earlier answer's values).
    private let objects: [NormalizedObject]?

    /// The records it wrote, in no particular order.
    var records: [String] { Array(writes.keys) }

    /// The source of an answer read from `tape` (its `data` at tape index `data`) into `normalizer`'s writes; `nil`
    /// when its body is larger than ``byteLimit``.
    init?(tape: JSONTape, data: Int, serverMaxAge: Duration?, mustRevalidate: Bool, normalizer: CacheNormalizer) {
        guard tape.bytes.count <= Self.byteLimit else { return nil }
        body = tape.bytes
        self.data = tape.text(of: data).indices
        self.serverMaxAge = serverMaxAge
        self.mustRevalidate = mustRevalidate
        earliestLifetime = normalizer.earliestExpiry.timeIntervalSince(normalizer.receivedAt)
        writes = normalizer.writes
        // (A query's answer read from a tape: every record it depends on is one it wrote.)
        dependencies = normalizer.dependencies
        self.tape = tape
        dataIndex = data
        table = nil
        refreshPlan = nil
        objects = normalizer.objectsAreReusable ? normalizer.objects : nil
        // Only what the normalizer recorded (a memory store's answers) can be patched.
        recorded =
            normalizer.recordsLeaves && !normalizer.leaves.isEmpty
            ? RecordedLeaves(
                leaves: normalizer.leaves, structural: normalizer.structuralLeaves,
                revisited: normalizer.revisitedRecords)
            : nil
    }

    /// The same answer's source, its body now `tape`'s (which differs from this one only in leaves' values), with the
    /// leaf table built for it.
    private init(_ source: AnswerSource, tape: JSONTape, data: Int, table: LeafTable) {
        body = tape.bytes
        self.data = tape.text(of: data).indices
        serverMaxAge = source.serverMaxAge
        mustRevalidate = source.mustRevalidate
        earliestLifetime = source.earliestLifetime
        writes = source.writes
        dependencies = source.dependencies
        refreshPlan = source.refreshPlan ?? Self.plan(of: source.writes)
        self.tape = tape
        dataIndex = data
        recorded = nil
        self.table = table
        objects = nil
    }

    /// `source` with `refreshPlan`.
    private init(_ source: AnswerSource, refreshPlan: RefreshPlan) {
        body = source.body
        data = source.data
        serverMaxAge = source.serverMaxAge
        mustRevalidate = source.mustRevalidate
        earliestLifetime = source.earliestLifetime
        writes = source.writes
        dependencies = source.dependencies
        self.refreshPlan = refreshPlan
        tape = source.tape
        dataIndex = source.dataIndex
        recorded = source.recorded
        table = source.table
        objects = source.objects
    }

    /// This source with its ``refreshPlan`` (itself when it has one): what the memo keeps once the query's answer was
    /// refreshed, for the next refresh to read.
    func planned() -> AnswerSource {
        refreshPlan == nil ? AnswerSource(self, refreshPlan: Self.plan(of: writes)) : self
    }

    /// What a refresh reads of an answer's writes: each record's key and its fields' keys and lifetimes, without their
    /// values (less memory to go through for every answer refreshed or patched), and where the memory store last found
    /// each record (``MemoryCachePlace``: checked, not trusted; no key hashed while the records stay where they are).
    // Safe as `@unchecked Sendable`: `places` is only read and written by the memory store's refresh, on its cache's
    // actor (as every use of a source: the memo that keeps them is the actor's).
    final class RefreshPlan: @unchecked Sendable {
        /// The records, in no particular order.
        let records: [RefreshedRecord]
        /// Where the store found each of ``records`` last (empty before the first refresh).
        var places: [MemoryCachePlace] = []

        init(_ records: [RefreshedRecord]) {
            self.records = records
        }
    }

    /// One record of a ``RefreshPlan``.
    struct RefreshedRecord: Sendable {
        /// The record's key.
        let key: String
        /// The fields the answer wrote to it, in the order written.
        let fields: [PlannedField]
    }

    /// One field of a ``RefreshedRecord``: its key and lifetime.
    struct PlannedField: Sendable, RefreshedField {
        let name: String
        let maxAge: Duration?
    }

    /// The ``refreshPlan`` of `writes`.
    private static func plan(of writes: [String: CacheRecordWrite]) -> RefreshPlan {
        RefreshPlan(
            writes.map { key, fields in
                RefreshedRecord(key: key, fields: fields.map { PlannedField(name: $0.name, maxAge: $0.entry.maxAge) })
            })
    }

    /// What the next answer of the query, given with the lifetime `serverMaxAge` and `mustRevalidate`, takes from
    /// this one (``PreviousAnswer``); `nil` when it cannot (other lifetimes or marks, objects not kept).
    func previousAnswer(serverMaxAge: Duration?, mustRevalidate: Bool) -> PreviousAnswer? {
        guard let objects, !objects.isEmpty, serverMaxAge == self.serverMaxAge, mustRevalidate == self.mustRevalidate
        else { return nil }
        return PreviousAnswer(
            tape: tape, writes: writes, objects: objects, leaves: recorded?.leaves,
            structuralLeaves: recorded?.structural, revisitedRecords: recorded?.revisited ?? [])
    }

    /// What a normalizer recorded of an answer's leaves (``CacheNormalizer/leaves``,
    /// ``CacheNormalizer/structuralLeaves``, ``CacheNormalizer/revisitedRecords``), as it gave them.
    private struct RecordedLeaves: Sendable {
        var leaves: [AnswerLeaf]
        var structural: [Int]
        var revisited: Set<String>
    }

    /// The leaves a later answer may change without being normalized again (``patch(tape:data:)``), and for each tape
    /// index of `data` (less ``dataIndex``), which of them it is; -1: none (a member name, a container, a leaf of a
    /// list or of an object's key or type), -2: a record written twice, or a value written twice.
    private struct LeafTable: Sendable {
        var leaves: [AnswerLeaf]
        var slots: [Int32]
        /// The offsets (tape indices less ``dataIndex``) whose slot is a leaf (`>= 0`), in the order of the text.
        var patchable: [Int32]

        init(_ recorded: RecordedLeaves, count: Int, dataIndex data: Int) {
            var slots = [Int32](repeating: -1, count: count)
            var kept: [AnswerLeaf] = []
            kept.reserveCapacity(recorded.leaves.count)
            let revisited = recorded.revisited
            for leaf in recorded.leaves where revisited.isEmpty || !revisited.contains(leaf.record) {
                let offset = leaf.tapeIndex - data
                guard slots.indices.contains(offset) else { continue }
                // A value written twice: neither is patched.
                slots[offset] = slots[offset] == -1 ? Int32(kept.count) : -2
                kept.append(leaf)
            }
            for index in recorded.structural where slots.indices.contains(index - data) { slots[index - data] = -2 }
            leaves = kept
            self.slots = slots
            patchable = slots.indices.compactMap { slots[$0] >= 0 ? Int32($0) : nil }
        }
    }

    /// A changed leaf: the record field it is and its new value.
    struct LeafChange {
        var leaf: AnswerLeaf
        var value: CacheValue
    }

    /// How a later answer of the same query (its `data` at tape index `data` of `tape`) differs from this one, when it
    /// differs only in the values of ``leaves`` (the same members, in the same order, the same lists, objects, keys and
    /// types): those leaves with their new values (built as the normalizer builds them), and this source for the new
    /// answer. `nil` when it differs in anything else (it is then normalized as any answer), or is too large to keep.
    func patch(tape new: JSONTape, data newData: Int) -> (changes: [LeafChange], source: AnswerSource)? {
        guard new.bytes.count <= Self.byteLimit else { return nil }
        let oldEntries = tape.entries
        let newEntries = new.entries
        let count = oldEntries[dataIndex].next - dataIndex
        guard newData + count <= newEntries.count, newEntries[newData].next - newData == count else { return nil }
        guard let table = leafTable(count: count) else { return nil }
        let leafSlots = table.slots
        var changed: [Int] = []
        let same = tape.bytes.withUnsafeBufferPointer { oldBytes -> Bool in
            new.bytes.withUnsafeBufferPointer { newBytes -> Bool in
                guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return false }
                for offset in 0..<count {
                    let old = oldEntries[dataIndex + offset]
                    let now = newEntries[newData + offset]
                    let first = oldBase[old.start]
                    let newFirst = newBase[now.start]
                    if Self.isContainer(first) || Self.isContainer(newFirst) {
                        guard first == newFirst, old.next - dataIndex == now.next - newData else { return false }
                        continue
                    }
                    let length = old.end - old.start
                    if length == now.end - now.start, memcmp(oldBase + old.start, newBase + now.start, length) == 0 {
                        continue
                    }
                    guard leafSlots[offset] >= 0 else { return false }
                    changed.append(offset)
                }
                return true
            }
        }
        guard same, let changes = Self.changes(at: changed, of: new, data: newData, table: table) else { return nil }
        return (changes, AnswerSource(self, tape: new, data: newData, table: table))
    }

    /// The leaf table for a `data` of `count` tape entries: built once, for the first answer of the same size (an
    /// answer normalized whole builds none); `nil` when none can be (no leaves recorded, another size).
    private func leafTable(count: Int) -> LeafTable? {
        guard let table = table ?? recorded.map({ LeafTable($0, count: count, dataIndex: dataIndex) }),
            table.slots.count == count
        else { return nil }
        return table
    }

    /// The changes of the leaves at `offsets` (from `data`) of `tape`, their values built as the normalizer builds
    /// them; `nil` when one cannot be built.
    private static func changes(at offsets: [Int], of tape: JSONTape, data: Int, table: LeafTable) -> [LeafChange]? {
        var changes: [LeafChange] = []
        changes.reserveCapacity(offsets.count)
        for offset in offsets {
            guard let json = try? tape.value(data + offset) else { return nil }
            changes.append(
                LeafChange(
                    leaf: table.leaves[Int(table.slots[offset])],
                    value: json == JSONValue.null ? CacheValue.null : CacheValue.scalar(json)))
        }
        return changes
    }

    /// ``patch(tape:data:)`` for a later answer's whole body, read without a tape: the same changes and source (its
    /// tape made from this one's, moved where the values' lengths changed: the entries ``JSONTape/init(_:)`` makes of
    /// `body`), when `body` is this answer's body with only the values of ``leaves`` changed, byte for byte elsewhere
    /// (the same members, in the same order, the same whitespace, the same `extensions`). `nil` otherwise: the caller
    /// tapes the body and goes on as for any answer.
    ///
    /// A body compared in place costs a fraction of recording its tape, and a client whose query's last answer was
    /// refreshed or patched asks for none (``GraphQLCache/expectsRefresh(ofQuery:)``).
    func patch(body new: [UInt8]) -> (changes: [LeafChange], source: AnswerSource)? {
        guard new.count <= Self.byteLimit else { return nil }
        let oldEntries = tape.entries
        let count = oldEntries[dataIndex].next - dataIndex
        guard let table = leafTable(count: count) else { return nil }
        // The changed leaves (offsets from `dataIndex`), where their old text ends, and how much longer the new is.
        var changed: [(offset: Int, oldEnd: Int, growth: Int)] = []
        let same = body.withUnsafeBufferPointer { oldBytes -> Bool in
            new.withUnsafeBufferPointer { newBytes -> Bool in
                guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return false }
                // The old text from `cursor` on is the new one from `cursor + shift` on, up to a changed leaf.
                var cursor = 0
                var shift = 0
                var next = 0
                let patchable = table.patchable
                while true {
                    let remaining = oldBytes.count - cursor
                    let difference = Self.firstDifference(
                        oldBase + cursor, newBase + cursor + shift,
                        count: min(remaining, newBytes.count - cursor - shift))
                    if difference == remaining, newBytes.count - cursor - shift == remaining { return true }
                    let at = cursor + difference
                    // The leaf whose text, or the byte just after it, differs (a longer value's text goes on where
                    // the old one ended); a difference anywhere else is not a leaf's value.
                    while next < patchable.count, oldEntries[dataIndex + Int(patchable[next])].end < at { next += 1 }
                    guard next < patchable.count else { return false }
                    let offset = Int(patchable[next])
                    let leaf = oldEntries[dataIndex + offset]
                    guard leaf.start <= at else { return false }
                    let start = leaf.start + shift
                    guard let end = JSONTape.scalarEnd(in: new, from: start) else { return false }
                    let growth = (end - start) - (leaf.end - leaf.start)
                    if growth == 0, memcmp(oldBase + leaf.start, newBase + start, end - start) == 0 {
                        // The same value (it differs after its end, in what follows it): not a leaf's change.
                        return false
                    }
                    changed.append((offset, leaf.end, growth))
                    shift += growth
                    cursor = leaf.end
                    next += 1
                }
            }
        }
        guard same, let first = changed.first?.oldEnd else { return nil }
        // How much longer the new text is than the old before the old text's position `position`.
        func growth(before position: Int) -> Int {
            var total = 0
            for change in changed {
                guard change.oldEnd <= position else { break }
                total += change.growth
            }
            return total
        }
        // The new tape: the old one's entries, each boundary moved by the growth of the changed leaves before it.
        var entries = oldEntries
        entries.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices where entries[index].end >= first {
                entries[index].start += growth(before: entries[index].start)
                entries[index].end += growth(before: entries[index].end)
            }
        }
        let tape = JSONTape(bytes: new, recorded: entries)
        guard let changes = Self.changes(at: changed.map(\.offset), of: tape, data: dataIndex, table: table) else {
            return nil
        }
        return (changes, AnswerSource(self, tape: tape, data: dataIndex, table: table))
    }

    /// How many of the first `count` bytes at `lhs` and `rhs` are equal before the first that differs (`count` when
    /// none does).
    private static func firstDifference(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Int {
        var index = 0
        // Eight bytes at a time (unaligned loads), then the bytes of the word that differs.
        while index + 8 <= count {
            let left = UnsafeRawPointer(lhs + index).loadUnaligned(as: UInt64.self)
            let right = UnsafeRawPointer(rhs + index).loadUnaligned(as: UInt64.self)
            if left != right { break }
            index += 8
        }
        while index < count, lhs[index] == rhs[index] { index += 1 }
        return index
    }

    private static func isContainer(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
    }

    /// Whether `text` is this answer's `data`, byte for byte.
    func hasData(_ text: ArraySlice<UInt8>) -> Bool {
        Self.equal(text, body[data])
    }

    /// Whether `body` is this answer's body, byte for byte (compared in place).
    func hasBody(_ body: Data) -> Bool {
        guard body.count == self.body.count, !body.isEmpty else { return false }
        return body.withUnsafeBytes { (new: UnsafeRawBufferPointer) -> Bool in
            self.body.withUnsafeBytes { (old: UnsafeRawBufferPointer) -> Bool in
                guard let newBase = new.baseAddress, let oldBase = old.baseAddress else { return false }
                return memcmp(newBase, oldBase, old.count) == 0
            }
        }
    }

    private static func equal(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
        guard lhs.count == rhs.count, !lhs.isEmpty else { return false }
        let count = lhs.count
        return lhs.withUnsafeBytes { lhs in
            rhs.withUnsafeBytes { rhs in
                guard let lhs = lhs.baseAddress, let rhs = rhs.baseAddress else { return false }
                return memcmp(lhs, rhs, count) == 0
            }
        }
    }
}
