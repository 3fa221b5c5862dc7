import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels
import LotteryAPI
import Observation

/// The archive screen's model: a game's draws, newest first, page by page (``LotteryRepository/archive(gameId:pageSize:)``).
///
/// With `DrawInfo` on `.graphQL`, the pages come from a ``GraphQLQueryPager`` over `draws(gameId:last:before:)` (the
/// next page `before:` the last number shown): one list that follows the cache (a `drawUpdated` event or a mutation
/// changes a draw in place), one request per page at a time. In the other modes, each page is
/// ``LotteryRepository/draws(gameId:limit:before:)`` (`GET /api/v1/games/{id}/draws?limit=N&before=D`), through the
/// per-model switch: in `.shadow` each page is compared with the same page on GraphQL. A page shorter than the page
/// size is the end of the archive, on both APIs.
@MainActor
@Observable
public final class DrawArchive {
    /// The draws of every page loaded, newest first.
    public private(set) var draws: [DrawInfo] = []
    /// Whether there may be older draws to load (`true` until a short page).
    public private(set) var hasMore = true
    /// The last failure (a page's, or a GraphQL draw the legacy model cannot hold), cleared by the next page loaded.
    public private(set) var error: (any Error)?

    /// The game.
    @ObservationIgnored public let gameId: String
    /// The number of draws asked for each page.
    @ObservationIgnored public let pageSize: Int
    @ObservationIgnored private let repository: LotteryRepository
    @ObservationIgnored private let pager: GraphQLQueryPager<DrawsQuery, DrawDetails>?
    @ObservationIgnored private let following = ArchiveFollowTask()

    init(repository: LotteryRepository, gameId: String, pageSize: Int) {
        self.repository = repository
        self.gameId = gameId
        self.pageSize = pageSize
        if repository.router.settings.mode(for: LotteryRepository.ModelName.drawInfo) == .graphQL {
            let size = pageSize
            pager = repository.graphQL.client.pager(
                DrawsQuery(gameId: gameId, last: .some(pageSize)),
                pagination: GraphQLPagination(
                    items: { $0.draws },
                    next: { query, data in
                        guard data.draws.count >= size, let last = data.draws.last else { return nil }
                        return DrawsQuery(gameId: query.gameId, last: .some(size), before: .some(last.number))
                    }),
                errorPolicy: repository.graphQL.errorPolicy)
        } else {
            pager = nil
        }
    }

    /// Loads the next (older) page; nothing past the end.
    /// - Throws: the page's error (`GraphQLPageError<DrawsQuery>` on GraphQL, the answering API's on the others), or
    ///   `APIError` when a GraphQL draw cannot become a `DrawInfo`; the draws loaded stay.
    public func loadNext() async throws {
        if let pager {
            do {
                try await pager.loadNext()
                try show(pager.items, hasMore: pager.hasNextPage)
                follow(pager)
            } catch {
                self.error = error
                throw error
            }
            return
        }
        guard hasMore else { return }
        do {
            let page = try await repository.draws(gameId: gameId, limit: pageSize, before: draws.last?.number)
            draws += page
            hasMore = page.count >= pageSize
            error = nil
        } catch {
            self.error = error
            throw error
        }
    }

    /// Loads the first page again; the draws shown stay until it is in.
    /// - Throws: as ``loadNext()``.
    public func refresh() async throws {
        if let pager {
            do {
                try await pager.refresh()
                try show(pager.items, hasMore: pager.hasNextPage)
            } catch {
                self.error = error
                throw error
            }
            return
        }
        do {
            let page = try await repository.draws(gameId: gameId, limit: pageSize, before: nil)
            draws = page
            hasMore = page.count >= pageSize
            error = nil
        } catch {
            self.error = error
            throw error
        }
    }

    /// The pager's draws as legacy models.
    private func show(_ items: [DrawDetails], hasMore: Bool) throws(APIError) {
        var models: [DrawInfo] = []
        models.reserveCapacity(items.count)
        for (index, draw) in items.enumerated() {
            models.append(
                try APIError.adapting("data.draws[\(index)]", operation: DrawsQuery.operationName) {
                    () throws(GraphQLDecodingError) in try DrawInfo(graphQL: draw)
                })
        }
        if draws != models { draws = models }
        self.hasMore = hasMore
        error = nil
    }

    /// Follows the pager's changes (a draw changed in the cache) from the first page on.
    private func follow(_ pager: GraphQLQueryPager<DrawsQuery, DrawDetails>) {
        guard !following.isStarted else { return }
        let updates = pager.updates()
        following.start(
            Task { [weak self] in
                for await snapshot in updates {
                    guard let self else { return }
                    do throws(APIError) {
                        try self.show(snapshot.items, hasMore: snapshot.hasNextPage)
                    } catch {
                        self.error = error
                    }
                }
            })
    }
}
