/// The list a ``GraphQLQueryPager`` shows when its pages are one list in the cache (a ``GraphQLListPolicy``): each
/// element of the list as stored (a reference, a scalar) with its items and the records it was read from, so that a
/// change reads again only the elements it touched, and a page appended reads only its own (the cost of a page does
/// not grow with the list).
struct PagerListState<Item: Sendable> {
    /// An element as read: its items (``GraphQLPagination``'s of the element alone) and the records it was read from.
    struct Element {
        var items: [Item]
        var dependencies: Set<String>
    }

    /// The elements the cache's next read need not read again unless a record they were read from changed.
    private(set) var known = GraphQLCache.ListElementsKnown()
    /// Each element held, by its value as stored.
    private var held: [CacheValue: Element] = [:]
    /// The list as last read, in order.
    private(set) var values: [CacheValue] = []
    /// The records read outside the elements by the last read (never removed from the watcher's dependencies).
    private var base: Set<String> = []
    /// Whether the next read reads every element again: the last read missed (the changes it took are lost), or the
    /// list was never read.
    var needsFullRead = true
    /// Whether the pagination's items are made element by element (`items` of the window read gives one item or none
    /// per element read, in order... see ``apply(values:reads:items:dependencies:)``); when not, the list is read
    /// whole each time (correct, and as costly as the list is long).
    private(set) var elementwise = true
    /// When not ``elementwise`` (or the list is not a plain list the window can read): the items of the last whole
    /// read, and every record it read.
    private var whole: (items: [Item], dependencies: Set<String>)?

    /// The items of the list, in order.
    var items: [Item] { whole?.items ?? elementItems }
    /// The items of ``values``' elements, in order.
    private var elementItems: [Item] = []

    /// The items of `values`' elements, from ``held``.
    private func items(of values: some Sequence<CacheValue>) -> [Item] {
        var items: [Item] = []
        for value in values { if let element = held[value] { items += element.items } }
        return items
    }

    /// Takes a read of the list (``GraphQLCache/readList(_:operationName:metadata:variables:responseKey:known:errorNulls:watcher:)``):
    /// `values` the whole list as stored, `reads` the elements read (index and records), `items` the pagination's items
    /// of the read's data (the elements read only), `dependencies` the records read outside the elements. Returns the
    /// records the watcher no longer depends on, or `nil` when the items are not one per element read (the caller
    /// reads the list whole: ``elementwise`` is off from then on).
    mutating func apply(
        values: [CacheValue], reads: [CacheReader.WindowRead], items: [Item], dependencies: Set<String>
    ) -> Set<String>? {
        guard items.count == reads.count else {
            elementwise = false
            return nil
        }
        whole = nil
        base = dependencies
        var released: Set<String> = []
        // The old list whole at the start or at the end of the new one, none of its elements read again (a page
        // appended or prepended): nothing left the list, and its items stay as they were.
        let old = self.values
        var extended: Bool?
        if values.count >= old.count, reads.count == values.count - old.count {
            if values.prefix(old.count).elementsEqual(old), reads.allSatisfy({ $0.index >= old.count }) {
                extended = true
            } else if values.suffix(old.count).elementsEqual(old),
                reads.allSatisfy({ $0.index < values.count - old.count })
            {
                extended = false
            }
        }
        for (read, item) in zip(reads, items) {
            guard values.indices.contains(read.index) else { continue }
            let value = values[read.index]
            if let old = held[value] { forget(value, old, releasing: &released) }
            let element = Element(items: [item], dependencies: read.dependencies)
            held[value] = element
            known.elements.insert(value)
            for key in read.dependencies { known.elementsByRecord[key, default: []].insert(value) }
        }
        switch extended {
        case true?:
            elementItems += self.items(of: values[old.count...])
        case false?:
            elementItems = self.items(of: values[..<(values.count - old.count)]) + elementItems
        case nil:
            // The elements no longer in the list.
            let present = Set(values)
            for (value, element) in held where !present.contains(value) {
                held[value] = nil
                forget(value, element, releasing: &released)
            }
            elementItems = self.items(of: values)
        }
        self.values = values
        // A record an element read again (or the list itself) was read from stays.
        return released.filter { known.elementsByRecord[$0] == nil && !base.contains($0) }
    }

    /// Takes a whole read of the list (not ``elementwise``, or a list the window cannot read): its items, and every
    /// record it read. Returns the records the watcher no longer depends on.
    mutating func applyWhole(items: [Item], dependencies: Set<String>) -> Set<String> {
        let released = (whole?.dependencies ?? []).union(known.elementsByRecord.keys).union(base).subtracting(
            dependencies)
        whole = (items, dependencies)
        elementItems = []
        held = [:]
        known = GraphQLCache.ListElementsKnown()
        values = []
        base = []
        return released
    }

    /// Forgets `value`'s element read `element`: the records only it was read from are added to `released`.
    private mutating func forget(_ value: CacheValue, _ element: Element, releasing released: inout Set<String>) {
        known.elements.remove(value)
        for key in element.dependencies {
            known.elementsByRecord[key]?.remove(value)
            if known.elementsByRecord[key]?.isEmpty == true {
                known.elementsByRecord[key] = nil
                released.insert(key)
            }
        }
    }
}
