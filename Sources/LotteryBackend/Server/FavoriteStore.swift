import Foundation
import GraphQLBridgeSupport

/// The callers' favourite games, shared by both APIs so a write through one is seen at once through the other:
/// one set per bearer token, or one shared set (key `nil`) when the server requires no token.
final class FavoriteStore: Sendable {
    private let sets = Locked<[String?: Set<String>]>([:])

    /// Creates an empty store.
    init() {}

    /// The favourite game ids of `caller`.
    func favorites(of caller: String?) -> Set<String> {
        sets.withLock { sets in
            return sets[caller] ?? []
        }
    }

    /// Whether `caller` has marked `gameId`.
    func contains(_ gameId: String, for caller: String?) -> Bool {
        favorites(of: caller).contains(gameId)
    }

    /// Marks (`favorite: true`) or unmarks `gameId` for `caller`; idempotent.
    func set(_ gameId: String, favorite: Bool, for caller: String?) {
        sets.withLock { sets in
            if favorite {
                sets[caller, default: []].insert(gameId)
            } else {
                sets[caller]?.remove(gameId)
            }
        }
    }
}
