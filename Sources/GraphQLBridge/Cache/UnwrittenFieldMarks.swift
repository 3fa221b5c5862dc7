import Foundation

/// The fields an answer the cache did not write (`no-store`, an answer it could not place, an optimistic layer ended
/// with its outcome unknown) gave a value for while the store held none: kept in this process's memory only, never in
/// the store (`no-store` writes nothing).
///
/// Where the store holds a field, such an answer restamps it stale, and the overtaken-answer rule keeps an older
/// answer in flight from writing it fresh again. Where the store holds none (a record removed by a clear, trimmed, or
/// never fetched), there is no stamp to compare with: a mark stands in for it. An answer to a request that started
/// before a mark, carrying another value for the marked field, writes that field stale: the server's value is
/// known to have changed since the answer was computed.
///
/// Marks are forgotten oldest first beyond ``limit``; an answer to a request older than the forgotten ones writes
/// every field stale (never fresh on a mark it cannot see). A clear forgets them all (no answer to a request made
/// before a clear is written). Another process's requests do not see this process's marks.
struct UnwrittenFieldMarks: Sendable {
    /// A mark: the store version a request must have started at or after not to be older than the answer (the
    /// store's version when the answer arrived, plus one), and the value the answer gave (`nil`: not known, an
    /// optimistic layer's field).
    struct Mark: Sendable {
        var version: UInt64
        var value: CacheValue?
    }

    /// How many marks are kept.
    static let limit = 4096

    private var marks: [String: [String: Mark]] = [:]
    /// The marks in the order they were made: record key, field name, version.
    private var order: [(key: String, field: String, version: UInt64)] = []
    /// The newest mark's version: a request that started at or after it is older than none.
    private var newest: UInt64 = 0
    /// The newest forgotten mark's version: an answer to a request that started before it writes every field stale.
    private var floor: UInt64 = 0

    /// Whether an answer to a request that started at `start` may be older than a mark.
    func apply(toStart start: UInt64) -> Bool {
        start < newest || start < floor
    }

    /// Marks `field` of the record `key` as given `value` by an answer that arrived when the store's version was
    /// `version - 1`.
    mutating func mark(_ key: String, field: String, value: CacheValue?, version: UInt64) {
        marks[key, default: [:]][field] = Mark(version: version, value: value)
        order.append((key, field, version))
        newest = max(newest, version)
        guard order.count > Self.limit else { return }
        // Half of them go at once: forgetting is amortized.
        let forgotten = order.prefix(order.count - Self.limit / 2)
        for entry in forgotten {
            floor = max(floor, entry.version)
            guard marks[entry.key]?[entry.field]?.version == entry.version else { continue }
            marks[entry.key]?[entry.field] = nil
            if marks[entry.key]?.isEmpty == true { marks[entry.key] = nil }
        }
        order.removeFirst(forgotten.count)
    }

    /// Forgets every mark (a clear: no answer to a request made before it is written).
    mutating func removeAll() {
        marks = [:]
        order = []
        newest = 0
        floor = 0
    }

    /// Makes stale (lifetime zero) the fields of `incoming`, an answer to a request that started at `start`, that a
    /// newer mark gave another value; every field when the request is older than a forgotten mark. Returns whether
    /// any field was made stale.
    func makeStale(_ incoming: inout [String: CacheRecordWrite], startedAt start: UInt64) -> Bool {
        guard apply(toStart: start) else { return false }
        var staled = false
        if start < floor {
            for key in incoming.keys {
                guard var fields = incoming[key] else { continue }
                for index in fields.indices where fields[index].entry.value != .missing {
                    fields[index].entry.maxAge = .zero
                    staled = true
                }
                incoming[key] = fields
            }
            return staled
        }
        for key in Array(incoming.keys) {
            guard let marked = marks[key], var fields = incoming[key] else { continue }
            var changed = false
            for index in fields.indices {
                let entry = fields[index].entry
                guard entry.value != .missing, let mark = marked[fields[index].name], start < mark.version,
                    mark.value != entry.value
                else { continue }
                fields[index].entry.maxAge = .zero
                changed = true
            }
            if changed {
                incoming[key] = fields
                staled = true
            }
        }
        return staled
    }
}
