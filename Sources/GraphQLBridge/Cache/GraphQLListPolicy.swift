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
///   the first page: it replaces the stored list (a refresh). With ``Merge/appendAfter(continuation:field:)``, a first
///   page whose last item is in the stored list replaces the list only up to that item: the stored items after it
///   stay (a first page fetched again, by a watch or another screen, does not cut a longer list back to one page);
///   see there.
/// - Any other page is merged into the stored list as ``Merge`` says: appended or prepended, its items that are already
///   in the list (the same record) left out; at an offset, in place (positions are what an offset list is made of). A
///   page that continues no stored list (none was written, or it was trimmed) is not written.
/// - With ``Merge/appendAfter(continuation:field:)`` (`"continuationField"` in the configuration), a page joins the
///   list only after the stored item it names (the lottery's `before: 80` after the draw numbered 80): the list is
///   always a first page and the pages that followed it, with no hole; a page after a gap is left out of it.
/// - A read of the field, whatever its pagination arguments, gives the whole stored list.
public struct GraphQLListPolicy: Sendable, Hashable {
    /// Where a page goes in the stored list.
    public enum Merge: Sendable, Hashable {
        /// A page whose argument `continuation` is set goes after the stored list (`after`, or the lottery's `before`
        /// over a list that is newest first).
        case append(continuation: String)
        /// A page whose argument `continuation` is set goes before the stored list.
        case prepend(continuation: String)
        /// A page whose argument `continuation` is set continues the list after the stored item whose key field
        /// `field` holds that value (the lottery's `before: 80` after the draw whose `number` is 80): after the last
        /// item, it is appended; after an earlier one (a page loaded again), it takes the places after that item, up
        /// to the stored item equal to the page's last (the stored items after that stay; with none, the list ends
        /// with the page). A page whose item is not in the stored list (a gap: the cache cannot tell the end of a list
        /// from a page not loaded) does not join it: the list stays as it was, never with a hole (the page's objects
        /// are written all the same). `field` must be one of the item type's key fields (`cache.keyFields`), which an
        /// item's reference holds.
        ///
        /// A first page (`continuation` absent or `null`) whose last item is in the stored list takes the places up
        /// to and including that item, and the stored items after it stay, each record once (as a page loaded again
        /// inside the list does); one whose last item the list does not hold (the server moved on by more than a
        /// page), an empty one, or one with no stored list replaces the list. A list that keeps items after a first
        /// page is as fresh as its oldest part: received when the stored list was (or the page, if earlier), with the
        /// shorter lifetime, never fresher than the stored list nor the page. A pager's
        /// ``GraphQLQueryPager/refresh()`` replaces the list whatever it holds (the list is then that page alone,
        /// fresh).
        case appendAfter(continuation: String, field: String)
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

    /// Where a page with these arguments goes; `itemKeyFields`: the key fields of the list's item type (for
    /// ``Merge/appendAfter(continuation:field:)``).
    func placement(arguments: [String: JSONValue], itemKeyFields: [String] = []) -> CacheListPlacement {
        func isSet(_ name: String) -> Bool {
            guard let value = arguments[name] else { return false }
            return value != .null
        }
        switch merge {
        case .append(let continuation): return isSet(continuation) ? .append : .replace
        case .prepend(let continuation): return isSet(continuation) ? .prepend : .replace
        case .appendAfter(let continuation, let field):
            guard let value = arguments[continuation], value != .null else { return .head }
            return .after(CacheListAnchor(value: value, field: field, keyFields: itemKeyFields))
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
    /// The first page of a list that goes on after its items
    /// (``GraphQLListPolicy/Merge/appendAfter(continuation:field:)``): when its last item is in the stored list, it
    /// replaces the list's head up to that item and the stored items after it stay (``keepingTail(_:of:)``); else (an
    /// empty page, no stored list, a last item the list does not hold) it replaces the list, as ``replace``.
    case head
    case append
    case prepend
    /// At this offset, taking the places of the page's items.
    case at(Int)
    /// After the stored item the anchor names (``GraphQLListPolicy/Merge/appendAfter(continuation:field:)``); `nil`:
    /// no item can be named (the field is not a key field), so the page joins no list.
    case after(CacheListAnchor?)
    /// Pages of one list in one answer (aliases of the field), in response order: the first, placed as `first` (the
    /// write's value), then each of `then` combined with what the ones before gave.
    indirect case chain(first: CacheListPlacement, then: [CacheListPage])

    /// `stored` with `page` placed in it: appended or prepended, each record once (its first place kept); at an offset,
    /// in place. `nil` when the page continues nothing (no stored list, or an offset beyond its end).
    func combine(_ stored: CacheValue?, _ page: CacheValue) -> CacheValue? {
        if case .chain(let first, let then) = self {
            // Each page over what the ones before gave; one that continues nothing is left out.
            var result = first.combine(stored, page)
            for next in then {
                if let combined = next.placement.combine(result ?? stored, next.value) { result = combined }
            }
            return result
        }
        guard case .list(let items) = page else { return self == .replace || self == .head ? page : nil }
        if self == .replace { return page }
        if self == .head { return Self.keepingTail(stored, of: page) ?? page }
        guard case .list(let old)? = stored else { return nil }
        let combined: [CacheValue]
        switch self {
        case .replace, .head, .chain: combined = items
        case .after(let anchor):
            // The stored item the page follows, from the end (usually the last); none: a gap, the page is left out.
            guard let anchor, let index = old.lastIndex(where: anchor.names) else { return nil }
            var joined = Array(old[...index]) + items
            // A page loaded again inside the list: the stored items after its last one stay.
            if index < old.count - 1, let last = items.last,
                let end = old[(index + 1)...].firstIndex(of: last)
            {
                joined += old[(end + 1)...]
            }
            combined = joined
        case .append: combined = old + items
        case .prepend: combined = items + old
        case .at(let offset):
            guard offset <= old.count else { return nil }
            return .list(Array(old.prefix(offset)) + items + Array(old.dropFirst(offset + items.count)))
        }
        return .list(Self.unique(combined))
    }

    /// `items` with each record once, in its first place.
    private static func unique(_ items: [CacheValue]) -> [CacheValue] {
        var seen: Set<String> = []
        var unique: [CacheValue] = []
        unique.reserveCapacity(items.count)
        for item in items {
            if case .reference(let key) = item, !seen.insert(key).inserted { continue }
            unique.append(item)
        }
        return unique
    }

    /// A first page (``head``) over the stored list when it keeps some of it: the page, then the stored items after
    /// the stored place of the page's last item (a record), each record once (the page's items that are also in that
    /// tail are left out of it). `nil` when nothing of the stored list stays: no stored list, an empty page, a last
    /// item that is no record or that the list does not hold, or one that is the list's last (the page then is the
    /// list).
    static func keepingTail(_ stored: CacheValue?, of page: CacheValue) -> CacheValue? {
        guard case .list(let items) = page, case .reference = items.last, let last = items.last,
            case .list(let old)? = stored, let end = old.firstIndex(of: last), end < old.count - 1
        else { return nil }
        return .list(Self.unique(items + old[(end + 1)...]))
    }
}

/// A page of a list and where it goes (``CacheListPlacement/chain(first:then:)``).
struct CacheListPage: Sendable, Hashable {
    let placement: CacheListPlacement
    let value: CacheValue
}

extension CacheListPlacement {
    /// An answer's earlier page of a list (`self`, its value `earlier`) followed by another of the same list in the same
    /// answer (another alias of the field): one placement and value that give both, in response order. A first page
    /// after it replaces the list; after a first page, the later one is combined at once; else they are chained.
    func followed(by next: CacheListPlacement, value: CacheValue, earlier: CacheValue) -> (
        CacheListPlacement, CacheValue
    ) {
        if next == .replace { return (.replace, value) }
        if self == .replace { return (.replace, next.combine(earlier, value) ?? earlier) }
        if case .chain(let first, let then) = self {
            return (.chain(first: first, then: then + [CacheListPage(placement: next, value: value)]), earlier)
        }
        return (.chain(first: self, then: [CacheListPage(placement: next, value: value)]), earlier)
    }
}

/// The stored item a page continues after (``GraphQLListPolicy/Merge/appendAfter(continuation:field:)``): the item
/// whose key field `field` holds the page's continuation value, read from the item's reference (an object's key holds
/// its key fields' values, in order: `Draw:6x45,80`).
struct CacheListAnchor: Sendable, Hashable {
    /// The place of the field among the item type's key fields.
    let position: Int
    /// The value as a key spells it (``CacheKey/appendComponent(_:to:)``).
    let component: String

    /// The anchor for `value` of `field`; `nil` when `field` is not one of `keyFields` or the value cannot be in a key
    /// (only strings and numbers are).
    init?(value: JSONValue, field: String, keyFields: [String]) {
        guard let position = keyFields.firstIndex(of: field) else { return nil }
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        default: return nil
        }
        var bytes: [UInt8] = []
        CacheKey.appendComponent(text, to: &bytes)
        self.position = position
        self.component = String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `item` is a reference to the object the anchor names.
    func names(_ item: CacheValue) -> Bool {
        guard case .reference(let key) = item else { return false }
        return Self.component(of: Array(key.utf8), at: position).map { $0.elementsEqual(component.utf8) } ?? false
    }

    /// The key component at `position` of an object's key (`Type:first,second`), quoted components read whole;
    /// `nil` when the key has no such component.
    static func component(of key: [UInt8], at position: Int) -> ArraySlice<UInt8>? {
        var index = 0
        // The type's name (plain or quoted), then ':'.
        guard let afterType = skipComponent(key, from: 0), afterType < key.count, key[afterType] == UInt8(ascii: ":")
        else { return nil }
        var start = afterType + 1
        while true {
            guard let end = skipComponent(key, from: start) else { return nil }
            if index == position { return key[start..<end] }
            guard end < key.count, key[end] == UInt8(ascii: ",") else { return nil }
            index += 1
            start = end + 1
        }
    }

    /// Where the component starting at `start` ends: after its closing quote when quoted (a JSON string), else at the
    /// next `:` or `,` or the end; `nil` for an unterminated quote.
    private static func skipComponent(_ key: [UInt8], from start: Int) -> Int? {
        guard start < key.count else { return start }
        if key[start] == UInt8(ascii: "\"") {
            var index = start + 1
            while index < key.count {
                if key[index] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if key[index] == UInt8(ascii: "\"") { return index + 1 }
                index += 1
            }
            return nil
        }
        var index = start
        while index < key.count, key[index] != UInt8(ascii: ":"), key[index] != UInt8(ascii: ",") { index += 1 }
        return index
    }
}

/// The pages an answer writes, by record key then field key: where each goes in the list stored there (given to the
/// store's merge, which combines them with what it holds in the same transaction).
typealias CacheListMerges = [String: [String: CacheListPlacement]]

extension CacheRecord {
    /// `fields` with each page of `placements` combined with the list this record holds (``CacheListPlacement``): the
    /// plain fields, merged as any answer's, and the combined lists, merged over whatever is stored now (they hold it
    /// whole, so a newer list is not lost: merged without the answer's start), as fresh as the older of the two
    /// (``keepingAge(of:in:value:defaultMaxAge:)``). A page that continues nothing is left out.
    func splitting(
        _ fields: CacheRecordWrite, placements: [String: CacheListPlacement], defaultMaxAge: Duration?
    ) -> (plain: CacheRecordWrite, combined: CacheRecordWrite) {
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
            if placement == .head {
                // A first page: merged as any answer's field (an answer overtaken by a list written since its request
                // started does not overwrite it), its value the list it gives with what it keeps of the stored one.
                var merged = field
                if let stored, let value = CacheListPlacement.keepingTail(stored.value, of: field.entry.value) {
                    merged.entry = Self.keepingAge(
                        of: stored, in: merged.entry, value: value, defaultMaxAge: defaultMaxAge)
                }
                plain.append(merged)
                continue
            }
            guard let value = placement.combine(stored?.value, field.entry.value) else { continue }
            var merged = field
            merged.entry.value = value
            if let stored {
                // The list is as fresh as its oldest page (stale early, never late). Taking the page's lifetime made a
                // stored part that was stale (`max-age=0`, `no-cache`) fresh again: model checker seeds 211 and 514.
                merged.entry = Self.keepingAge(
                    of: stored, in: merged.entry, value: value, defaultMaxAge: defaultMaxAge)
            }
            combined.append(merged)
        }
        return (plain, combined)
    }

    /// The entry of a page combined with the stored list (`stored`): a later page appended to it, or a first page
    /// that keeps its tail. `value`, never fresher than the stored list (its kept items are the answers it was made
    /// of, not this one) nor than the page: received when the earlier of the two was, with the shorter of their
    /// lifetimes, the cache's default (`defaultMaxAge`, the store's ``GraphQLCacheStore/defaultMaxAge``) standing for
    /// the lifetime of one that has none of its own; the default itself (no lifetime of its own) when neither has one;
    /// stale (a zero lifetime) when only one has and the default is not known. `must-revalidate` when either is. A list
    /// whose oldest part is stale stays stale until a first page replaces it (``CacheListPlacement/head``: one whose
    /// last item it does not hold, or an explicit refresh).
    static func keepingAge(
        of stored: CacheFieldEntry, in page: CacheFieldEntry, value: CacheValue, defaultMaxAge: Duration?
    ) -> CacheFieldEntry {
        var entry = page
        entry.value = value
        entry.receivedAt = min(stored.receivedAt, page.receivedAt)
        switch (stored.maxAge, page.maxAge) {
        case (let old?, let new?): entry.maxAge = min(old, new)
        case (nil, nil): entry.maxAge = nil
        case (let known?, nil), (nil, let known?): entry.maxAge = defaultMaxAge.map { min(known, $0) } ?? .zero
        }
        entry.mustRevalidate = stored.mustRevalidate || page.mustRevalidate
        return entry
    }

    /// Merges an answer's `fields` with its pages (``splitting(_:placements:defaultMaxAge:)``), as
    /// ``merge(fields:stamping:startedAt:removedSince:requestStart:order:)`` does; `defaultMaxAge`: the cache's
    /// lifetime of a field with none of its own (a combined list's lifetime, ``keepingAge(of:in:value:defaultMaxAge:)``).
    mutating func merge(
        fields: CacheRecordWrite, placements: [String: CacheListPlacement]?, stamping version: UInt64,
        startedAt start: UInt64?, removedSince: Bool, requestStart: UInt64? = nil, order: AnswerOrder = .unknown,
        defaultMaxAge: Duration?
    ) -> FieldMergeOutcome {
        guard let placements else {
            return merge(
                fields: fields, stamping: version, startedAt: start, removedSince: removedSince,
                requestStart: requestStart, order: order)
        }
        let (plain, combined) = splitting(fields, placements: placements, defaultMaxAge: defaultMaxAge)
        var outcome = merge(
            fields: plain, stamping: version, startedAt: start, removedSince: removedSince, requestStart: requestStart,
            order: order)
        if !combined.isEmpty {
            let lists = merge(fields: combined, stamping: version, startedAt: nil, requestStart: requestStart ?? start)
            outcome.changed = outcome.changed || lists.changed
            outcome.valueChanged = outcome.valueChanged || lists.valueChanged
            outcome.wroteValue = outcome.wroteValue || lists.wroteValue
        }
        return outcome
    }
}
