import Foundation

/// The callers' favourite games, shared by both APIs so a write through one is seen at once through the other:
/// one set per bearer token, or one shared set (key `nil`) when the server requires no token.
///
/// `@unchecked Sendable`: the only mutable state, `sets`, is read and written under `lock` alone.
final class FavoriteStore: @unchecked Sendable {
    private let lock = NSLock()
    private var sets: [String?: Set<String>] = [:]

    /// Creates an empty store.
    init() {}

    /// The favourite game ids of `caller`.
    func favorites(of caller: String?) -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return sets[caller] ?? []
    }

    /// Whether `caller` has marked `gameId`.
    func contains(_ gameId: String, for caller: String?) -> Bool {
        favorites(of: caller).contains(gameId)
    }

    /// Marks (`favorite: true`) or unmarks `gameId` for `caller`; idempotent.
    func set(_ gameId: String, favorite: Bool, for caller: String?) {
        lock.lock()
        defer { lock.unlock() }
        if favorite {
            sets[caller, default: []].insert(gameId)
        } else {
            sets[caller]?.remove(gameId)
        }
    }
}
