import Foundation
import GraphQLBridge

/// The answers a test gave a ``GraphQLClient`` in place of the server, and the requests it got; safe to use from
/// any task.
final class GraphQLClientOverrides: @unchecked Sendable {
    /// One override: the requests it answers and its answer.
    struct Entry {
        let matches: @Sendable (GraphQLRequest) -> Bool
        let answer: Result<any Sendable, APIError>
    }

    /// Whether a request that no override answers fails (``GraphQLClient/unimplemented()``) rather than going to
    /// the server.
    let isUnimplemented: Bool
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var asked: [GraphQLRequest] = []
    private var unanswered: [GraphQLRequest] = []

    init(isUnimplemented: Bool) {
        self.isUnimplemented = isUnimplemented
    }

    /// Every request asked, in order (recorded for an unimplemented client only, so a live one keeps nothing).
    var requests: [GraphQLRequest] { lock.withLock { asked } }

    /// The requests of an unimplemented client that no override answered.
    var unimplementedRequests: [GraphQLRequest] { lock.withLock { unanswered } }

    func add(_ entry: Entry) {
        lock.withLock { entries.append(entry) }
    }

    /// The answer of the most recent override that matches `request`; records the request.
    func answer(for request: GraphQLRequest) -> Result<any Sendable, APIError>? {
        lock.withLock {
            if isUnimplemented { asked.append(request) }
            let answer = entries.last { $0.matches(request) }?.answer
            if answer == nil, isUnimplemented { unanswered.append(request) }
            return answer
        }
    }
}
