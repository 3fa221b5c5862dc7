import CacheModelAPI
import Foundation
import GraphQLBridge

/// A pager step (issue 31: the cache model checker drives pages): a ``GraphQLQueryPager`` over a user's friends
/// (`FriendPageQuery`, offset and limit, ``ModelPager/limit`` a page) through a cache's client, loaded further or
/// refreshed. Each page is a query of its own in the cache, followed by the pager; or, for a list pager
/// (`FriendListQuery`, whose field has a list policy), the pages are one list in the cache, which the pager shows.
enum ModelPageStep: Sendable, Hashable, CustomStringConvertible {
    /// A pager of `user`'s friends through cache `cache`'s client, its first page loaded (`.preferCache`); held until
    /// the run ends (or its cache is opened again).
    case open(cache: Int, user: String)
    /// The same over `FriendListQuery`: its pages one list in the cache.
    case openList(cache: Int, user: String)
    /// The same over `UserFriendListQuery`: its pages one list in the user's record (a list policy on
    /// `User.friendsPage`).
    case openNestedList(cache: Int, user: String)
    /// The same over `FriendFeedQuery` (issue 31's feed): its pages one `appendAfter` list in the cache, each page after
    /// the last item of the one before.
    case openFeed(cache: Int, user: String)
    /// A page of `user`'s feed from the server (`.serverOnly`, answered with `headers`), after the item at `pick` of the
    /// list the model says the store holds (modulo its count), or after the world's user at `pick` when that list is
    /// empty or `gap` (an item the list may not hold: the page then joins nothing).
    case feedPage(cache: Int, user: String, pick: Int, gap: Bool, headers: ModelHeaders)
    /// The `index`th pager (modulo how many the run holds) loads its next page, if the list goes on.
    case next(Int)
    /// The `index`th pager reloads from its first page.
    case refresh(Int)

    var description: String {
        switch self {
        case .open(let cache, let user): "pager of \(user.debugDescription)'s friends on cache \(cache)"
        case .openList(let cache, let user): "list pager of \(user.debugDescription)'s friends on cache \(cache)"
        case .openNestedList(let cache, let user):
            "nested list pager of \(user.debugDescription)'s friends on cache \(cache)"
        case .openFeed(let cache, let user): "feed pager of \(user.debugDescription) on cache \(cache)"
        case .feedPage(let cache, let user, let pick, let gap, let headers):
            "page of \(user.debugDescription)'s feed on cache \(cache) after "
                + (pick < 0 && !gap ? "its last item" : "the item at \(pick)\(gap ? " of the world" : "")")
                + ", answered with \(headers)"
        case .next(let index): "pager \(index) loads its next page"
        case .refresh(let index): "pager \(index) refreshes"
        }
    }

    /// A list pager: of the root field's list or of the user's field's, as the cache and user drawn say (no draw of
    /// its own, so that the seeds' sequences keep their other steps).
    static func randomList(cache: Int, user: String) -> ModelPageStep {
        (cache + Int(user.utf8.first ?? 0)) % 2 == 0
            ? .openList(cache: cache, user: user) : .openNestedList(cache: cache, user: user)
    }

    static func random(_ random: inout ModelRandom, caches: Int) -> ModelPageStep {
        switch random.next(upTo: 10) {
        case 0..<2: .open(cache: random.next(upTo: caches), user: random.pick(ModelWorld.userIDs))
        case 2: randomList(cache: random.next(upTo: caches), user: random.pick(ModelWorld.userIDs))
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
    /// The pager of pages (nil for a list pager).
    let pager: GraphQLQueryPager<FriendPageQuery, FriendPageQuery.Data.FriendPage?>?
    /// The pager of one list (nil for a pager of pages).
    let listPager: GraphQLQueryPager<FriendListQuery, FriendListQuery.Data.FriendList?>?
    /// The pager of one list in the user's record (nil for the others).
    let nestedPager: GraphQLQueryPager<UserFriendListQuery, UserFriendListQuery.Data.User.FriendsPage?>?
    /// The pager of the user's feed, one `appendAfter` list (nil for the others).
    let feedPager: GraphQLQueryPager<FriendFeedQuery, FriendFeedQuery.Data.FriendFeed>?

    init(
        client: GraphQLHTTPClient, cache: Int, user: String, list: Bool = false, nested: Bool = false,
        feed: Bool = false
    ) {
        self.cache = cache
        self.user = user
        let limit = Self.limit
        feedPager =
            feed
            ? client.pager(
                FriendFeedQuery(id: user, first: limit, after: .none),
                pagination: GraphQLPagination(
                    items: { $0.friendFeed },
                    next: { query, data in
                        guard data.friendFeed.count >= query.first, let last = data.friendFeed.last else { return nil }
                        return FriendFeedQuery(id: query.id, first: query.first, after: .some(last.id))
                    }),
                errorPolicy: .returnPartialData) : nil
        if feed {
            pager = nil
            listPager = nil
            nestedPager = nil
        } else if nested {
            pager = nil
            listPager = nil
            nestedPager = client.pager(
                UserFriendListQuery(id: user, offset: 0, limit: limit),
                pagination: .offset(
                    items: { $0.user?.friendsPage ?? [] }, limit: limit, offsetOf: { $0.offset },
                    page: { offset, limit in UserFriendListQuery(id: user, offset: offset, limit: limit) }),
                errorPolicy: .returnPartialData)
        } else if list {
            nestedPager = nil
            pager = nil
            listPager = client.pager(
                FriendListQuery(id: user, offset: 0, limit: limit),
                pagination: .offset(
                    items: { $0.friendList }, limit: limit, offsetOf: { $0.offset },
                    page: { offset, limit in FriendListQuery(id: user, offset: offset, limit: limit) }),
                errorPolicy: .returnPartialData)
        } else {
            listPager = nil
            nestedPager = nil
            pager = client.pager(
                FriendPageQuery(id: user, offset: 0, limit: limit),
                pagination: .offset(
                    items: { $0.friendPage }, limit: limit, offsetOf: { $0.offset },
                    page: { offset, limit in FriendPageQuery(id: user, offset: offset, limit: limit) }),
                errorPolicy: .returnPartialData)
        }
    }

    /// Whether it is a list pager.
    var isList: Bool { listPager != nil || nestedPager != nil || feedPager != nil }

    /// Loads the next page.
    func loadNext() async throws {
        if let pager { try await pager.loadNext() }
        if let listPager { try await listPager.loadNext() }
        if let nestedPager { try await nestedPager.loadNext() }
        if let feedPager { try await feedPager.loadNext() }
    }

    /// Reloads from the first page.
    func refresh() async throws {
        if let pager { try await pager.refresh() }
        if let listPager { try await listPager.refresh() }
        if let nestedPager { try await nestedPager.refresh() }
        if let feedPager { try await feedPager.refresh() }
    }

    /// `"N pages, M items"`.
    var summary: String {
        if let pager { return "\(pager.pages.count) pages, \(pager.items.count) items" }
        if let listPager { return "\(listPager.pages.count) pages, \(listPager.items.count) items" }
        if let nestedPager { return "\(nestedPager.pages.count) pages, \(nestedPager.items.count) items" }
        if let feedPager { return "\(feedPager.pages.count) pages, items \(feedPager.items.map(\.id))" }
        return ""
    }

    /// Whether no load or refresh is in flight and every page's follower waits for a change: a page's follower starts
    /// after its load returned, and until its watcher is registered the cache's count of waiting watchers does not
    /// know it (the fixed case of another connection's mutation failed under load without this).
    var isAtRest: Bool {
        if let pager {
            return !(pager.isLoadingNext || pager.isLoadingPrevious || pager.isRefreshing) && pager.isFollowingAtRest
        }
        if let listPager {
            return !(listPager.isLoadingNext || listPager.isLoadingPrevious || listPager.isRefreshing)
                && listPager.isFollowingAtRest
        }
        if let nestedPager {
            return !(nestedPager.isLoadingNext || nestedPager.isLoadingPrevious || nestedPager.isRefreshing)
                && nestedPager.isFollowingAtRest
        }
        if let feedPager {
            return !(feedPager.isLoadingNext || feedPager.isLoadingPrevious || feedPager.isRefreshing)
                && feedPager.isFollowingAtRest
        }
        return true
    }

    /// A list pager's items (as the checker's JSON: the list's field value), its first page's variables, and its query's
    /// name and where its list is in the query's data (`friendList`, or `user.friendsPage`).
    var list: (variables: [String: JSONValue], items: JSONValue?, operation: String, path: [String])? {
        let variables: [String: JSONValue] = [
            "id": .string(user), "offset": .number("0"), "limit": .number(String(Self.limit)),
        ]
        if let feedPager {
            return (
                ModelFeed.firstPage(user),
                ModelOperation.encoded(FriendFeedQuery.Data(friendFeed: feedPager.items)).flatMap {
                    Self.member(["friendFeed"], of: $0)
                },
                ModelFeed.operationName, ["friendFeed"]
            )
        }
        if let nestedPager {
            let data = UserFriendListQuery.Data(user: .init(id: GraphQLID(user), friendsPage: nestedPager.items))
            return (
                variables, ModelOperation.encoded(data).flatMap { Self.member(["user", "friendsPage"], of: $0) },
                "UserFriendList", ["user", "friendsPage"]
            )
        }
        guard let listPager else { return nil }
        return (
            ["id": .string(user), "offset": .number("0"), "limit": .number(String(Self.limit))],
            ModelOperation.encoded(FriendListQuery.Data(friendList: listPager.items)).flatMap { data in
                guard case .object(let members) = data else { return nil }
                return members["friendList"]
            },
            "FriendList", ["friendList"]
        )
    }

    /// A list pager's pages' offsets, in order (since its last refresh): each page's answer merged into the list.
    var pageOffsets: [Int] {
        if let listPager { return listPager.pages.map(\.query.offset) }
        if let nestedPager { return nestedPager.pages.map(\.query.offset) }
        return []
    }

    /// The value at `path` in `data` (object members); `nil` when one is missing.
    nonisolated static func member(_ path: [String], of data: JSONValue) -> JSONValue? {
        var value = data
        for name in path {
            guard case .object(let members) = value, let next = members[name] else { return nil }
            value = next
        }
        return value
    }

    /// The `id`s of a list's items, in order (`"null"` for an item without a string `id`).
    nonisolated static func ids(_ items: [JSONValue]) -> [String] {
        items.map { item in
            guard case .object(let members) = item, case .string(let id)? = members["id"] else { return "null" }
            return id
        }
    }

    /// What each page shows: its query's variables, its data (as the checker's JSON), whether it is marked stale.
    var pages: [(variables: [String: JSONValue], data: JSONValue?, isStale: Bool)] {
        guard let pager else { return [] }
        return pager.pages.map { page in
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
        guard let pager else { return true }
        return pager.items == pager.pages.flatMap(\.data.friendPage)
    }
}
