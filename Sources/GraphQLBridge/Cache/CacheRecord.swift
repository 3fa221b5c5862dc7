import Foundation

/// A normalized object in the cache: every object with a key (`Game:6x45`) is stored once, and every
/// query that selects it refers to this record. Objects without a key are stored under their path from
/// the root field (`QUERY_ROOT.games({"activeOnly":true}).3`); each field of the query root is a record of
/// its own, `QUERY_ROOT.<field key>`, holding that one field.
///
/// Field keys include arguments, with variables resolved and keys sorted:
/// `draws({"gameId":"6x45","last":10})`.
public struct CacheRecord: Sendable, Hashable, Codable {
    /// The record's key.
    public var key: String
    /// Its fields in the order they were first written: a write in the same selection's order finds each one where
    /// it looks first, with no hashing.
    private(set) var storage: [CacheFieldWrite]
    /// Positions by field key, kept once the record has more fields than a scan should pass (`nil` before).
    private var positions: [String: Int]?

    /// Beyond this many fields, a field is found by its key's hash rather than by a scan.
    private static let scanLimit = 24

    /// Its fields, by field key.
    public var fields: [String: CacheFieldEntry] {
        get {
            var byName: [String: CacheFieldEntry] = [:]
            byName.reserveCapacity(storage.count)
            for field in storage { byName[field.name] = field.entry }
            return byName
        }
        set {
            // The fields it kept stay where they were; new ones follow in key order.
            var kept: [CacheFieldWrite] = []
            kept.reserveCapacity(newValue.count)
            for field in storage {
                if let entry = newValue[field.name] { kept.append(CacheFieldWrite(name: field.name, entry: entry)) }
            }
            let added = newValue.filter { entry(named: $0.key) == nil }.sorted { $0.key < $1.key }
            for (name, entry) in added { kept.append(CacheFieldWrite(name: name, entry: entry)) }
            storage = []
            positions = nil
            for field in kept { append(field) }
        }
    }

    /// Creates a record.
    public init(key: String, fields: [String: CacheFieldEntry] = [:]) {
        self.key = key
        self.storage = []
        self.storage.reserveCapacity(fields.count)
        for (name, entry) in fields.sorted(by: { $0.key < $1.key }) {
            append(CacheFieldWrite(name: name, entry: entry))
        }
    }

    /// An empty record with room for `capacity` fields (a new record about to be merged into).
    init(key: String, capacity: Int) {
        self.key = key
        self.storage = []
        self.storage.reserveCapacity(capacity)
    }

    /// A record of `fields`, in their order (a name given twice: the later entry wins, at the first one's place).
    init(key: String, writes fields: [CacheFieldWrite]) {
        self.key = key
        self.storage = []
        self.storage.reserveCapacity(fields.count)
        merge(fields: fields)
    }

    /// The key of the query root's record.
    public static let queryRootKey = CacheKey.queryRoot

    /// The field `name`'s entry, if the record holds one.
    func entry(named name: String) -> CacheFieldEntry? {
        position(of: name, from: 0).map { storage[$0].entry }
    }

    /// Whether the record holds no field.
    var isEmpty: Bool { storage.isEmpty }

    /// The record's field keys, in the order they were first written.
    var fieldNames: some Collection<String> { storage.lazy.map(\.name) }

    /// The record's entries, in the order their fields were first written.
    var entries: some Collection<CacheFieldEntry> { storage.lazy.map(\.entry) }

    /// Sets the field `name`'s entry (added after the others when the record has no such field).
    mutating func setEntry(_ entry: CacheFieldEntry, named name: String) {
        if let position = position(of: name, from: 0) {
            storage[position].entry = entry
        } else {
            append(CacheFieldWrite(name: name, entry: entry))
        }
    }

    /// Merges `other`'s fields over this record's; says whether anything changed (a value, or only when it
    /// was received or its lifetime), and whether a value changed or a field may stop being fresh sooner or became
    /// `must-revalidate` (a shorter lifetime, an earlier received time: what the results read from the record
    /// follow, as one of them may now be fresh for too long). Costs the size of `other`, not of this record.
    @discardableResult
    public mutating func merge(_ other: CacheRecord) -> (changed: Bool, valueChanged: Bool) {
        merge(fields: other.storage)
    }

    /// Merges `fields` over this record's, in order (a name given twice: the later entry wins), as
    /// ``merge(_:)-(CacheRecord)`` does. Each field is looked for first just after the one before it, where a
    /// write of the same selection finds it.
    @discardableResult
    mutating func merge(fields: [CacheFieldWrite]) -> (changed: Bool, valueChanged: Bool) {
        let outcome = merge(fields: fields, stamping: 0, startedAt: nil)
        return (outcome.changed, outcome.valueChanged)
    }

    /// Merges `fields` over this record's, as ``merge(fields:)`` does, field by field: a field whose value changes
    /// (or whose lifetime may become shorter) gets the store version `version` (0: keeps the incoming entry's) and
    /// the request start `requestStart` (``CacheFieldEntry/requestStart``; `nil`: `start`, or a local write's
    /// without one).
    /// With `start` (the store version the answer's request started at), a field changed after it (its version is
    /// higher: written since, by any process) is not overwritten, and the outcome says it was overtaken when the answer
    /// held another value for it or the kept field may stop being fresh sooner (made stale since). Such a field whose
    /// writer is known to be newer than the answer stays as it is (its request started at a later version, or at the
    /// same one and was sent after it by this process); any other (``AnswerOrder/mayPrecede(_:start:)``: started
    /// before `start`, or at `start` and sent before this request or by another process, whose order is not known)
    /// was answered after this request was sent: which of the two the server computed last is not known, and it is
    /// written stale, its value kept, so that a read asks the server. With `removedSince` (a record with a
    /// version above `start` was removed, trimmed or evicted, since the request started: what it held is gone with its
    /// versions), a field this record lacks is written stale and the outcome is overtaken: the record, or that field,
    /// may have held a newer value than the answer's (a record written again since without it).
    mutating func merge(
        fields: [CacheFieldWrite], stamping version: UInt64, startedAt start: UInt64?, removedSince: Bool = false,
        requestStart: UInt64? = nil, order: AnswerOrder = .unknown
    )
        -> FieldMergeOutcome
    {
        var outcome = FieldMergeOutcome()
        let writer = requestStart ?? start ?? .max
        var next = 0
        // By index: a field is read where it is, not copied (only a new one is).
        for index in fields.indices {
            if let position = position(of: fields[index].name, from: next) {
                next = position + 1
                // (A field this merge stamped already is the answer's own, named twice: the later entry wins.)
                if let start, storage[position].entry.version > start,
                    version == 0 || storage[position].entry.version != version
                {
                    // Newer than the answer: kept. The answer is overtaken when it held another value, or when the kept
                    // entry may stop being fresh sooner than the answer's would (made stale since the request started:
                    // a `no-store` mutation's answer): a result built from the answer is not what the record says.
                    let kept = storage[position].entry
                    let incoming = fields[index].entry
                    if kept.value != incoming.value {
                        outcome.overtaken = true
                        outcome.conflicts.append(fields[index].name)
                        // Written by an answer to a request sent before this one: it is newer than this answer only
                        // if the server computed it last, which is not known. Stale: a read asks the server (seed
                        // 714352).
                        if order.mayPrecede(kept, start: start), version != 0,
                            storage[position].entry.endLifetime(stamping: version)
                        {
                            outcome.changed = true
                            outcome.valueChanged = true
                        }
                    } else if Self.tightens(incoming, to: kept.maxAge, kept.receivedAt, kept.mustRevalidate) {
                        outcome.overtaken = true
                    }
                    continue
                }
                // In place: the stored entry is neither copied nor rebuilt.
                Self.update(
                    &storage[position].entry, with: fields[index].entry, stamping: version, startedAt: writer,
                    into: &outcome)
            } else {
                var field = fields[index]
                if version != 0 {
                    field.entry.version = version
                    field.entry.requestStart = writer
                }
                if removedSince, field.entry.value != .missing {
                    field.entry.maxAge = .zero
                    outcome.overtaken = true
                }
                append(field)
                outcome.changed = true
                outcome.valueChanged = true
                outcome.wroteValue = true
                next = storage.count
            }
        }
        return outcome
    }

    /// Sets the received time, lifetime and `must-revalidate` mark of the fields named in `fields` (with their
    /// lifetimes: their values are not read), the values kept; `false`, with nothing set, when one is missing or would
    /// end sooner than it does (a shorter lifetime, an earlier received time: an answer older by its `Age`) or become
    /// `must-revalidate` (which the results read from the record must follow: a merge reports it). Each is looked for
    /// first where a write in the same order finds it.
    mutating func refresh<Field: RefreshedField>(_ fields: [Field], receivedAt: Date, mustRevalidate: Bool = false)
        -> Bool
    {
        // Both arrays are read in place, each once for the whole record (no field copied out of them, so no name or
        // value retained and released for each field): this runs for every field of every unchanged or patched answer.
        // Each field is found once: where the check found it is where it is set.
        let positions = self.positions
        return fields.withUnsafeBufferPointer { incoming in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: incoming.count) { found in
                storage.withUnsafeMutableBufferPointer { stored in
                    let view = UnsafeBufferPointer(stored)
                    var next = 0
                    for index in incoming.indices {
                        guard
                            let position = Self.position(
                                of: incoming[index].name, from: next, in: view, positions: positions),
                            !Self.tightens(
                                stored[position].entry, to: incoming[index].maxAge, receivedAt, mustRevalidate)
                        else { return false }
                        found[index] = position
                        next = position + 1
                    }
                    for index in incoming.indices {
                        let position = found[index]
                        stored[position].entry.receivedAt = receivedAt
                        stored[position].entry.maxAge = incoming[index].maxAge
                        stored[position].entry.mustRevalidate = mustRevalidate
                    }
                    return true
                }
            }
        }
    }

    /// Whether an entry received again at `receivedAt` with the lifetime `maxAge` may stop being fresh sooner than
    /// `old` (a shorter lifetime, an earlier received time), or may no longer be served stale (`mustRevalidate` new):
    /// what the results read from the record must follow.
    static func tightens(
        _ old: borrowing CacheFieldEntry, to maxAge: Duration?, _ receivedAt: Date, _ mustRevalidate: Bool
    ) -> Bool {
        shortens(old.maxAge, to: maxAge) || receivedAt < old.receivedAt || (mustRevalidate && !old.mustRevalidate)
    }

    /// Whether a field's lifetime going from `old` to `new` may end it sooner: shorter, or to or from the cache's
    /// own (`nil`, not known here).
    static func shortens(_ old: Duration?, to new: Duration?) -> Bool {
        switch (old, new) {
        case (let old?, let new?): return new < old
        case (nil, nil): return false
        default: return true
        }
    }

    private static func update(
        _ old: inout CacheFieldEntry, with entry: CacheFieldEntry, stamping version: UInt64, startedAt writer: UInt64,
        into outcome: inout FieldMergeOutcome
    ) {
        if old.value != entry.value {
            old = entry
            if version != 0 {
                old.version = version
                old.requestStart = writer
            }
            outcome.changed = true
            outcome.valueChanged = true
            outcome.wroteValue = true
        } else if old.receivedAt != entry.receivedAt || old.maxAge != entry.maxAge
            || old.mustRevalidate != entry.mustRevalidate
        {
            if tightens(old, to: entry.maxAge, entry.receivedAt, entry.mustRevalidate) {
                outcome.valueChanged = true
                if version != 0 {
                    old.version = version
                    old.requestStart = writer
                }
            }
            old.receivedAt = entry.receivedAt
            old.maxAge = entry.maxAge
            old.mustRevalidate = entry.mustRevalidate
            outcome.changed = true
        }
    }

    /// The highest version of its fields: the store version of its last change.
    var version: UInt64 {
        storage.reduce(0) { max($0, $1.entry.version) }
    }

    /// Gives every field the store version `version` (a record written whole, a local write: no request's).
    mutating func stamp(_ version: UInt64) {
        for index in storage.indices {
            storage[index].entry.version = version
            storage[index].entry.requestStart = .max
        }
    }

    /// Where the field `name` is: `hint` first, then by hash or a scan.
    private func position(of name: String, from hint: Int) -> Int? {
        storage.withUnsafeBufferPointer { Self.position(of: name, from: hint, in: $0, positions: positions) }
    }

    /// ``position(of:from:)`` in a record's `storage` read in place, with its `positions`.
    private static func position(
        of name: String, from hint: Int, in storage: UnsafeBufferPointer<CacheFieldWrite>, positions: [String: Int]?
    ) -> Int? {
        if hint < storage.count, storage[hint].name == name { return hint }
        if let positions { return positions[name] }
        return storage.firstIndex { $0.name == name }
    }

    private mutating func append(_ field: CacheFieldWrite) {
        storage.append(field)
        if positions != nil {
            positions?[field.name] = storage.count - 1
        } else if storage.count > Self.scanLimit {
            var byName: [String: Int] = [:]
            byName.reserveCapacity(storage.count * 2)
            for (position, field) in storage.enumerated() { byName[field.name] = position }
            positions = byName
        }
    }

    /// A rough size in bytes, for the cache's byte limit.
    var estimatedByteCount: Int {
        storage.reduce(48 + key.utf8.count) { $0 + $1.name.utf8.count + 24 + $1.entry.value.estimatedByteCount }
    }

    // Equal records hold the same fields, in whatever order they were written.

    public static func == (lhs: CacheRecord, rhs: CacheRecord) -> Bool {
        guard lhs.key == rhs.key, lhs.storage.count == rhs.storage.count else { return false }
        return lhs.storage.allSatisfy { rhs.entry(named: $0.name) == $0.entry }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(fields)
    }

    private enum CodingKeys: String, CodingKey {
        case key, fields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            key: try container.decode(String.self, forKey: .key),
            fields: try container.decode([String: CacheFieldEntry].self, forKey: .fields))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(fields, forKey: .fields)
    }
}

/// One field of a record: its key and entry (also what the normalizer writes to a record, in its selection's order).
struct CacheFieldWrite: Sendable, Equatable, RefreshedField {
    /// The field key.
    var name: String
    /// Its entry.
    var entry: CacheFieldEntry

    /// The entry's lifetime.
    var maxAge: Duration? { entry.maxAge }
}

/// What ``CacheRecord/refresh(_:receivedAt:mustRevalidate:)`` reads of a field received again: its key and lifetime
/// (its value is the record's already).
protocol RefreshedField {
    /// The field key.
    var name: String { get }
    /// The lifetime it is received with.
    var maxAge: Duration? { get }
}

/// What merging an answer's fields into a record did.
struct FieldMergeOutcome: Sendable, Equatable {
    /// A value, a received time or a lifetime changed.
    var changed = false
    /// A value changed, or a lifetime may have become shorter.
    var valueChanged = false
    /// A field written since the answer's request started held another value: it was kept.
    var overtaken = false
    /// A stored value was replaced by another, or a field added: the record now holds some of the answer's values.
    var wroteValue = false
    /// The fields written since the answer's request started whose values the answer gave otherwise (kept), in order.
    var conflicts: [String] = []
}

extension CacheRecord {
    /// Marks the fields `names` stale (their values kept, their lifetimes ended) at the store version `version`: what
    /// a merge does to the fields it kept against an answer it also took values from. Says whether one changed.
    mutating func markStale(_ names: [String], stamping version: UInt64) -> Bool {
        var changed = false
        for name in names {
            guard var entry = entry(named: name), entry.endLifetime(stamping: version) else { continue }
            setEntry(entry, named: name)
            changed = true
        }
        return changed
    }
}

/// What one response writes to a record: its fields, in the selection's order.
typealias CacheRecordWrite = [CacheFieldWrite]
