import GraphQLBridgeSupport

/// How the pages of a paginated field are one list in the cache: the field is stored under a field key made of its key
/// arguments only (`draws({"gameId":"6x45"})`, whatever `last` and `before` were), and each page an answer writes is
/// merged into the list stored there, in the store's own write. A root query field's list is a record of its own
/// (``GraphQLCacheMetadata/listPolicies``); another type's field's is a field of each object's record
/// (``GraphQLCacheMetadata/objectListPolicies``: `User:ann` holding `friends({"kind":"close"})`). Declared in `graphql-codegen.json`
/// (`"cache": {"listPolicies": {"Query.draws": {"keyArgs": ["gameId"], "paginationArgs": ["last", "before"],
/// "merge": "append", "continuation": "before"}}}`) and emitted in ``GraphQLCacheMetadata/listPolicies``, like Apollo
/// Kotlin's `paginationArgs` with a record merger, or Apollo iOS's `@fieldPolicy(keyArgs:)`.
///
/// - A page with no continuation (its continuation argument absent or `null`; offset 0; no `after` nor `before`) is
///   the first page: it replaces the stored list (a refresh).
/// - Any other page is merged into the stored list as ``Merge`` says: appended or prepended, its items that are already
///   in the list (the same record) left out; at an offset, in place (positions are what an offset list is made of). A
///   page that continues no stored list (none was written, or it was trimmed) is not written.
/// - A read of the field, whatever its pagination arguments, gives the whole stored list.
public struct GraphQLListPolicy: Sendable, Hashable {
    /// Where a page goes in the stored list.
    public enum Merge: Sendable, Hashable {
        /// A page whose argument `continuation` is set goes after the stored list (`after`, or the lottery's `before`
        /// over a list that is newest first).
        case append(continuation: String)
        /// A page whose argument `continuation` is set goes before the stored list.
        case prepend(continuation: String)
        /// A page whose argument `offset` is above 0 takes the places from that offset on (items after them stay).
        case offset(argument: String)
        /// A Relay connection (a field returning an object with `edges` or `nodes`, and `pageInfo`): a page with
        /// `after` set goes after the stored edges and nodes, one with `before` set before them; the stored
        /// `pageInfo` keeps its start (`startCursor`, `hasPreviousPage`) when a page goes after, its end (`endCursor`,
        /// `hasNextPage`) when one goes before.
        case connection(after: String, before: String)
    }

    /// The arguments that say which list it is (the field key is made of them alone).
    public let keyArguments: [String]
    /// The arguments that say which page of the list it is (left out of the field key).
    public let paginationArguments: [String]
    /// Where a page goes.
    public let merge: Merge

    /// Creates a list policy.
    /// - Parameters:
    ///   - keyArguments: the arguments that say which list it is (`["gameId"]`).
    ///   - paginationArguments: the arguments that say which page it is (`["last", "before"]`).
    ///   - merge: where a page goes.
    public init(keyArguments: [String], paginationArguments: [String], merge: Merge) {
        self.keyArguments = keyArguments
        self.paginationArguments = paginationArguments
        self.merge = merge
    }

    /// The field key of the list: the field's name and its key arguments (as the server coerces them), as
    /// ``GraphQLFieldMetadata/cacheKey(variables:)`` spells a field key.
    func fieldKey(of field: GraphQLFieldMetadata, variables: [String: JSONValue]) -> String {
        let resolved = field.resolvedArguments(variables: variables).filter { keyArguments.contains($0.key) }
        guard !resolved.isEmpty else { return field.name }
        var key: [UInt8] = []
        key.append(contentsOf: field.name.utf8)
        key.append(UInt8(ascii: "("))
        JSONValue.writeObjectText(resolved, to: &key)
        key.append(UInt8(ascii: ")"))
        if key.contains(where: { $0 >= 0x80 }) { key = CacheKey.escapingNonASCII(key) }
        return String(decoding: key, as: UTF8.self)
    }

    /// Where a page with these arguments goes.
    func placement(arguments: [String: JSONValue]) -> CacheListPlacement {
        func isSet(_ name: String) -> Bool {
            guard let value = arguments[name] else { return false }
            return value != .null
        }
        switch merge {
        case .append(let continuation): return isSet(continuation) ? .append : .replace
        case .prepend(let continuation): return isSet(continuation) ? .prepend : .replace
        case .offset(let argument):
            guard case .number(let text)? = arguments[argument], let offset = Int(text), offset > 0 else {
                return .replace
            }
            return .at(offset)
        case .connection(let after, let before):
            if isSet(after) { return .append }
            if isSet(before) { return .prepend }
            return .replace
        }
    }

    /// Whether the field returns a Relay connection.
    var isConnection: Bool {
        if case .connection = merge { return true }
        return false
    }
}

/// Where a page goes in a stored list (``GraphQLListPolicy/placement(arguments:)``).
enum CacheListPlacement: Sendable, Hashable {
    /// The first page: the list is replaced.
    case replace
    case append
    case prepend
    /// At this offset, taking the places of the page's items.
    case at(Int)

    /// `stored` with `page` placed in it: appended or prepended, each record once (its first place kept); at an offset,
    /// in place. `nil` when the page continues nothing (no stored list, or an offset beyond its end).
    func combine(_ stored: CacheValue?, _ page: CacheValue) -> CacheValue? {
        guard case .list(let items) = page else { return self == .replace ? page : nil }
        if self == .replace { return page }
        guard case .list(let old)? = stored else { return nil }
        let combined: [CacheValue]
        switch self {
        case .replace: combined = items
        case .append: combined = old + items
        case .prepend: combined = items + old
        case .at(let offset):
            guard offset <= old.count else { return nil }
            return .list(Array(old.prefix(offset)) + items + Array(old.dropFirst(offset + items.count)))
        }
        var seen: Set<String> = []
        var unique: [CacheValue] = []
        unique.reserveCapacity(combined.count)
        for item in combined {
            if case .reference(let key) = item, !seen.insert(key).inserted { continue }
            unique.append(item)
        }
        return .list(unique)
    }
}

/// The pages an answer writes, by record key then field key: where each goes in the list stored there (given to the
/// store's merge, which combines them with what it holds in the same transaction).
typealias CacheListMerges = [String: [String: CacheListPlacement]]

extension CacheRecord {
    /// `fields` with each page of `placements` combined with the list this record holds (``CacheListPlacement``): the
    /// plain fields, merged as any answer's, and the combined lists, merged over whatever is stored now (they hold it
    /// whole, so a newer list is not lost: merged without the answer's start), as fresh as the older of the two. A page
    /// that continues nothing is left out.
    func splitting(_ fields: CacheRecordWrite, placements: [String: CacheListPlacement])
        -> (plain: CacheRecordWrite, combined: CacheRecordWrite)
    {
        var plain: CacheRecordWrite = []
        var combined: CacheRecordWrite = []
        for field in fields {
            guard let placement = placements[field.name] else {
                plain.append(field)
                continue
            }
            if placement == .replace {
                plain.append(field)
                continue
            }
            let stored = entry(named: field.name)
            guard let value = placement.combine(stored?.value, field.entry.value) else { continue }
            var merged = field
            merged.entry.value = value
            if let stored {
                // The list is as fresh as its oldest page (stale early, never late): received when the earliest was,
                // with the shorter of two known lifetimes.
                merged.entry.receivedAt = min(stored.receivedAt, field.entry.receivedAt)
                if let old = stored.maxAge, let new = field.entry.maxAge { merged.entry.maxAge = min(old, new) }
                merged.entry.mustRevalidate = stored.mustRevalidate || field.entry.mustRevalidate
            }
            combined.append(merged)
        }
        return (plain, combined)
    }

    /// Merges an answer's `fields` with its pages (``splitting(_:placements:)``), as
    /// ``merge(fields:stamping:startedAt:removedSince:requestStart:unordered:)`` does.
    mutating func merge(
        fields: CacheRecordWrite, placements: [String: CacheListPlacement]?, stamping version: UInt64,
        startedAt start: UInt64?, removedSince: Bool, requestStart: UInt64? = nil, unordered: Set<UInt64> = []
    ) -> FieldMergeOutcome {
        guard let placements else {
            return merge(
                fields: fields, stamping: version, startedAt: start, removedSince: removedSince,
                requestStart: requestStart, unordered: unordered)
        }
        let (plain, combined) = splitting(fields, placements: placements)
        var outcome = merge(
            fields: plain, stamping: version, startedAt: start, removedSince: removedSince, requestStart: requestStart,
            unordered: unordered)
        if !combined.isEmpty {
            let lists = merge(fields: combined, stamping: version, startedAt: nil, requestStart: requestStart ?? start)
            outcome.changed = outcome.changed || lists.changed
            outcome.valueChanged = outcome.valueChanged || lists.valueChanged
            outcome.wroteValue = outcome.wroteValue || lists.wroteValue
        }
        return outcome
    }
}
