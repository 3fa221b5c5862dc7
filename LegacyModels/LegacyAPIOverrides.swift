import Foundation

/// The answers a test gave a ``LegacyAPIClient`` in place of the server, and the requests it got: shared by every
/// copy of the client (it is a value type), safe to use from any task.
final class LegacyAPIOverrides: @unchecked Sendable {
    /// One override: the requests it answers and its answer.
    struct Entry {
        let matches: @Sendable (LegacyRequest) -> Bool
        let answer: Result<any Sendable, LegacyAPIError>
    }

    /// Whether a request that no override answers fails (``LegacyAPIClient/unimplemented()``) rather than going to
    /// the server.
    let isUnimplemented: Bool
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var asked: [LegacyRequest] = []
    private var unanswered: [LegacyRequest] = []

    init(isUnimplemented: Bool) {
        self.isUnimplemented = isUnimplemented
    }

    /// Every request asked, in order (recorded for an unimplemented client only, so a live one keeps nothing).
    var requests: [LegacyRequest] { lock.withLock { asked } }

    /// The requests of an unimplemented client that no override answered.
    var unimplementedRequests: [LegacyRequest] { lock.withLock { unanswered } }

    func add(_ entry: Entry) {
        lock.withLock { entries.append(entry) }
    }

    /// The answer of the most recent override that matches `request`; records the request.
    func answer(for request: LegacyRequest) -> Result<any Sendable, LegacyAPIError>? {
        lock.withLock {
            if isUnimplemented { asked.append(request) }
            let answer = entries.last { $0.matches(request) }?.answer
            if answer == nil, isUnimplemented { unanswered.append(request) }
            return answer
        }
    }
}
