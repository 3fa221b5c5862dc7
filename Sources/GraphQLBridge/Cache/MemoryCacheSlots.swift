import GraphQLBridgeSupport

/// The slots of a ``MemoryCacheStore``: its records by key, each in a place of a table that stays where it is while the
/// record is stored, so that a refreshed answer's records are found again without hashing their keys
/// (``AnswerSource/RefreshPlan``).
///
/// A removed record's place is reused by a later one; its ``Place`` then no longer matches (each record stored gets a
/// generation of its own, unique in the process: a place from another table matches none of this one's), so a place
/// kept from before is checked, never trusted.
struct MemoryCacheSlots<Slot> {
    typealias Place = MemoryCachePlace

    /// The table: a stored record's slot with its key and generation; ``vacantSlot`` with generation 0 where a removed
    /// one was.
    private var table: [Entry] = []
    private var indices: [String: Int] = [:]
    /// The places of removed records, to be reused.
    private var vacant: [Int] = []

    /// What a vacant place holds.
    private let vacantSlot: Slot

    private struct Entry {
        var slot: Slot
        var key: String
        /// 0: vacant.
        var generation: UInt64
    }

    /// An empty table; `vacant` is what a removed record's place holds until it is reused.
    init(vacant: Slot) {
        vacantSlot = vacant
    }

    /// How many records it holds.
    var count: Int { indices.count }

    /// The keys of the records it holds, in no particular order.
    var keys: Dictionary<String, Int>.Keys { indices.keys }

    /// The index of `key`'s slot; `nil` when it holds none.
    func index(forKey key: String) -> Int? {
        indices[key]
    }

    /// The index of the slot stored at `place`, when the record stored there then is there still.
    func index(at place: Place) -> Int? {
        guard table.indices.contains(place.index), place.generation != 0,
            table[place.index].generation == place.generation
        else { return nil }
        return place.index
    }

    /// Where the slot at `index` is (for ``index(at:)``).
    func place(of index: Int) -> Place {
        Place(index: index, generation: table[index].generation)
    }

    /// The slot at `index` (from ``index(forKey:)`` or ``index(at:)``, with nothing removed since), read and written in
    /// place.
    subscript(index: Int) -> Slot {
        get { table[index].slot }
        _modify { yield &table[index].slot }
    }

    /// `key`'s slot, when it holds one.
    subscript(key: String) -> Slot? {
        indices[key].map { table[$0].slot }
    }

    /// Stores `slot` as `key`'s: in its place when it has one (the same generation), else in a vacant place or a new
    /// one. Returns the slot it replaced.
    @discardableResult
    mutating func set(_ slot: Slot, forKey key: String) -> Slot? {
        if let index = indices[key] {
            let old = self[index]
            self[index] = slot
            return old
        }
        let generation = generations.withLock { last in
            last += 1
            return last
        }
        let entry = Entry(slot: slot, key: key, generation: generation)
        if let index = vacant.popLast() {
            table[index] = entry
            indices[key] = index
        } else {
            table.append(entry)
            indices[key] = table.count - 1
        }
        return nil
    }

    /// Removes `key`'s slot; returns it.
    @discardableResult
    mutating func removeValue(forKey key: String) -> Slot? {
        guard let index = indices.removeValue(forKey: key) else { return nil }
        let removed = table[index].slot
        table[index] = Entry(slot: vacantSlot, key: "", generation: 0)
        vacant.append(index)
        return removed
    }

    /// Removes every slot (places kept from before match none of those stored after).
    mutating func removeAll() {
        table = []
        indices = [:]
        vacant = []
    }

    /// Every key with its slot, in no particular order.
    var all: [(key: String, slot: Slot)] {
        table.compactMap { $0.generation == 0 ? nil : ($0.key, $0.slot) }
    }
}

/// Where a ``MemoryCacheSlots`` stored a record: its index in the table and the generation it was stored with.
struct MemoryCachePlace: Sendable, Equatable {
    let index: Int
    let generation: UInt64
}

/// The last generation any ``MemoryCacheSlots`` gave, in any table of the process (a generic type has no stored static
/// property of its own).
private let generations = Locked<UInt64>(0)
