import Foundation
import GraphQLBridge

extension ModelRun {
    /// Runs a pager step (issue 31): the pages it loads are answered by the server as it is now, with no
    /// `Cache-Control`; what the pagers show is checked after the step (`checkPagers`).
    func perform(_ step: ModelPageStep) async throws {
        transport.state.withLock {
            $0.headers = .none
            $0.refuse = false
        }
        let pager: ModelPager
        switch step {
        case .open(let cache, let user):
            let client = clients[cache]
            pager = await MainActor.run { ModelPager(client: client, cache: cache, user: user) }
            pagers.append(pager)
        case .openList(let cache, let user):
            let client = clients[cache]
            pager = await MainActor.run { ModelPager(client: client, cache: cache, user: user, list: true) }
            pagers.append(pager)
        case .openNestedList(let cache, let user):
            let client = clients[cache]
            pager = await MainActor.run { ModelPager(client: client, cache: cache, user: user, nested: true) }
            pagers.append(pager)
        case .openFeed(let cache, let user):
            let client = clients[cache]
            pager = await MainActor.run { ModelPager(client: client, cache: cache, user: user, feed: true) }
            pagers.append(pager)
        case .feedPage(let cache, let user, let pick, let gap, let headers):
            return try await performFeedPage(cache: cache, user: user, pick: pick, gap: gap, headers: headers)
        case .next(let index), .refresh(let index):
            guard !pagers.isEmpty else { return log.append("\(step): no pager") }
            pager = pagers[index % pagers.count]
        }
        let outcome: String
        do {
            if case .refresh = step {
                // Marked: the transport records its request as a refresh's, whose first page replaces the list.
                try await ModelListRefresh.$current.withValue(true) { try await pager.refresh() }
            } else {
                try await pager.loadNext()
            }
            outcome = await MainActor.run { pager.summary }
        } catch {
            outcome = "failed: \(error)"
        }
        receiveAnswers()
        log.append("\(step) -> \(outcome)")
    }
}
