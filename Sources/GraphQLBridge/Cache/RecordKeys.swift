/// The keys of the records a result was read from, each once: a list, or a stored response's list as the store
/// encoded it, decoded only when someone needs the keys (the memo's index at the next change, a watcher).
///
/// A stored response read in a new process is served without making a `String` of any of its ~12 keys; most such
/// results are never invalidated in the process's life.
struct RecordKeys: Sendable {
    private enum Storage: Sendable {
        case keys([String])
        /// `SQLiteCacheStore.encodeKeys`'s format, checked whole when read (``init(checkedEncoding:)``).
        case encoded([UInt8])
    }

    private let storage: Storage

    /// The keys (each once).
    init(_ keys: some Sequence<String>) {
        storage = .keys(Array(keys))
    }

    /// Keys in the store's encoding (4-byte little-endian length, then the UTF-8 bytes, for each key); `nil` when
    /// `bytes` is not a whole, well-formed list of at least one key (a damaged row).
    init?(checkedEncoding bytes: [UInt8]) {
        // Checked whole without making a `String`.
        guard !bytes.isEmpty, SQLiteCacheStore.forEachKey(in: bytes, { _ in }) else { return nil }
        storage = .encoded(bytes)
    }

    /// How many keys (decoded now for an encoded list).
    var count: Int {
        if case .keys(let keys) = storage { return keys.count }
        return self.keys.count
    }

    /// The keys (decoded now for an encoded list).
    var keys: [String] {
        switch storage {
        case .keys(let keys): return keys
        case .encoded(let bytes): return SQLiteCacheStore.decodeKeys(bytes) ?? []
        }
    }

}
