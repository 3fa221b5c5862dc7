import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// The answers a test gave a ``GraphQLClient`` in place of the server, and the requests it got; safe to use from
/// any task.
final class GraphQLClientOverrides: Sendable {
    /// One override: the requests it answers and its answer.
    struct Entry {
        let matches: @Sendable (GraphQLRequest) -> Bool
        let answer: Result<any Sendable, APIError>
    }

    /// Whether a request that no override answers fails (``GraphQLClient/unimplemented()``) rather than going to
    /// the server.
    let isUnimplemented: Bool
    private struct State {
        var entries: [Entry] = []
        var asked: [GraphQLRequest] = []
        var unanswered: [GraphQLRequest] = []
    }

    private let state = Locked(State())

    init(isUnimplemented: Bool) {
        self.isUnimplemented = isUnimplemented
    }

    /// Every request asked, in order (recorded for an unimplemented client only, so a live one keeps nothing).
    var requests: [GraphQLRequest] { state.withLock { $0.asked } }

    /// The requests of an unimplemented client that no override answered.
    var unimplementedRequests: [GraphQLRequest] { state.withLock { $0.unanswered } }

    func add(_ entry: Entry) {
        state.withLock { $0.entries.append(entry) }
    }

    /// The answer of the most recent override that matches `request`; records the request.
    func answer(for request: GraphQLRequest) -> Result<any Sendable, APIError>? {
        state.withLock { state in
            if isUnimplemented { state.asked.append(request) }
            let answer = state.entries.last { $0.matches(request) }?.answer
            if answer == nil, isUnimplemented { state.unanswered.append(request) }
            return answer
        }
    }
}
