import CacheModelAPI
import Foundation
import GraphQLBridge

/// A pager step (issue 31: the cache model checker drives pages): a ``GraphQLQueryPager`` over a user's friends
/// (`FriendPageQuery`, offset and limit, ``ModelPager/limit`` a page) through a cache's client, loaded further or
/// refreshed. Each page is a query of its own in the cache, followed by the pager.
enum ModelPageStep: Sendable, Hashable, CustomStringConvertible {
    /// A pager of `user`'s friends through cache `cache`'s client, its first page loaded (`.preferCache`); held until
    /// the run ends (or its cache is opened again).
    case open(cache: Int, user: String)
    /// The `index`th pager (modulo how many the run holds) loads its next page, if the list goes on.
    case next(Int)
    /// The `index`th pager reloads from its first page.
    case refresh(Int)

    var description: String {
        switch self {
        case .open(let cache, let user): "pager of \(user.debugDescription)'s friends on cache \(cache)"
        case .next(let index): "pager \(index) loads its next page"
        case .refresh(let index): "pager \(index) refreshes"
        }
    }

    static func random(_ random: inout ModelRandom, caches: Int) -> ModelPageStep {
        switch random.next(upTo: 10) {
        case 0..<3: .open(cache: random.next(upTo: caches), user: random.pick(ModelWorld.userIDs))
        case 3..<8: .next(random.next(upTo: 3))
        default: .refresh(random.next(upTo: 3))
        }
    }
}

/// A pager the run holds: what it shows is checked after every step (``ModelRun``'s `checkPagers`).
@MainActor
final class ModelPager {
    /// Friends a page.
    nonisolated static let limit = 2

    let cache: Int
    let user: String
    let pager: GraphQLQueryPager<FriendPageQuery, FriendPageQuery.Data.FriendPage?>

    init(client: GraphQLHTTPClient, cache: Int, user: String) {
        self.cache = cache
        self.user = user
        let limit = Self.limit
        pager = client.pager(
            FriendPageQuery(id: user, offset: 0, limit: limit),
            pagination: .offset(
                items: { $0.friendPage }, limit: limit, offsetOf: { $0.offset },
                page: { offset, limit in FriendPageQuery(id: user, offset: offset, limit: limit) }),
            errorPolicy: .returnPartialData)
    }

    /// Whether no load or refresh is in flight and every page's follower waits for a change: a page's follower starts
    /// after its load returned, and until its watcher is registered the cache's count of waiting watchers does not
    /// know it (the fixed case of another connection's mutation failed under load without this).
    var isAtRest: Bool {
        !(pager.isLoadingNext || pager.isLoadingPrevious || pager.isRefreshing) && pager.isFollowingAtRest
    }

    /// What each page shows: its query's variables, its data (as the checker's JSON), whether it is marked stale.
    var pages: [(variables: [String: JSONValue], data: JSONValue?, isStale: Bool)] {
        pager.pages.map { page in
            (
                [
                    "id": .string(user), "offset": .number(String(page.query.offset)),
                    "limit": .number(String(page.query.limit)),
                ],
                ModelOperation.encoded(page.data), page.isStale
            )
        }
    }

    /// Whether the pager's items are its pages' items, in order.
    var itemsArePages: Bool {
        pager.items == pager.pages.flatMap(\.data.friendPage)
    }
}
