import Foundation

/// Obeys a server's `Retry-After` on `429 Too Many Requests` and `503 Service Unavailable`: the request is sent again
/// after the wait the server asks for (delta-seconds or an HTTP-date, at most ``maximumWait``), up to
/// ``maximumRetries`` times; then the last answer goes on to the client, which reports it as
/// `APIError.httpStatus`. Subscriptions obey `Retry-After` on their own (``GraphQLSubscriptionOptions``); this is for
/// queries and mutations, which the client does not retry by itself.
///
/// ```swift
/// let client = GraphQLHTTPClient(endpoint: url, middlewares: [RetryAfterMiddleware()])
/// ```
///
/// A refused request was not run (that is what both statuses say), but only queries are sent again by default: a
/// document that starts with `mutation` is sent again only with `retryingMutations`, and so is a request without a
/// document (a persisted query's id alone), whose kind the middleware cannot tell. An answer without `Retry-After`,
/// or with one that is neither form, is not retried. Put it after the middlewares that set headers, so that each try
/// is sent as the first was; the wait ends early, with `CancellationError`, when the calling task is cancelled.
public struct RetryAfterMiddleware: GraphQLMiddleware {
    /// How many times a request is sent again (2 by default).
    public let maximumRetries: Int
    /// The longest wait taken from the header (60 s by default, and never more than 5 minutes).
    public let maximumWait: Duration
    /// Whether mutations (and requests whose kind cannot be told) are sent again too.
    public let retryingMutations: Bool
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date

    /// Creates the middleware.
    /// - Parameters:
    ///   - maximumRetries: how many times a request is sent again.
    ///   - maximumWait: the longest wait taken from the header; longer waits are cut to it.
    ///   - retryingMutations: whether mutations, and requests whose kind cannot be told, are sent again too.
    public init(maximumRetries: Int = 2, maximumWait: Duration = .seconds(60), retryingMutations: Bool = false) {
        self.init(
            maximumRetries: maximumRetries, maximumWait: maximumWait, retryingMutations: retryingMutations,
            sleep: { try await Task.sleep(for: $0) }, now: { Date() })
    }

    /// The middleware with its waits and clock given (tests).
    init(
        maximumRetries: Int, maximumWait: Duration, retryingMutations: Bool,
        sleep: @escaping @Sendable (Duration) async throws -> Void, now: @escaping @Sendable () -> Date
    ) {
        self.maximumRetries = max(0, maximumRetries)
        self.maximumWait = min(max(.zero, maximumWait), RetryAfter.maximum)
        self.retryingMutations = retryingMutations
        self.sleep = sleep
        self.now = now
    }

    /// Sends the request; on 429 or 503 with `Retry-After`, waits and sends it again.
    public func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        var answer = try await next(request, body, operationName)
        guard maximumRetries > 0, retryingMutations || Self.isQuery(request, body: body) else { return answer }
        var retries = 0
        while retries < maximumRetries,
            let delay = RetryAfter.delay(status: answer.0.status, headers: answer.0.headers, now: now())
        {
            try await sleep(min(delay, maximumWait))
            retries += 1
            answer = try await next(request, body, operationName)
        }
        return answer
    }

    /// Whether the request is a query: a `GET` (never a mutation, GraphQL over HTTP), or a body whose document's
    /// first definition is not a mutation. A body without a document (a persisted query's id) is not known to be one.
    static func isQuery(_ request: HTTPRequest, body: Data) -> Bool {
        if request.method.uppercased() == "GET" { return true }
        guard case .object(let members)? = try? JSONValue(parsing: body),
            case .string(let document)? = members["query"]
        else { return false }
        var text = Substring(document)
        // Leading ignored tokens: whitespace, commas, a byte order mark, comments.
        while let first = text.first {
            if first == "#" {
                text = text.drop { $0 != "\n" && $0 != "\r" }
            } else if first.isWhitespace || first == "," || first == "\u{FEFF}" {
                text = text.dropFirst()
            } else {
                break
            }
        }
        return !(text.hasPrefix("mutation") && !Self.continuesName(text.dropFirst("mutation".count)))
    }

    private static func continuesName(_ rest: Substring) -> Bool {
        guard let next = rest.unicodeScalars.first else { return false }
        return next == "_" || (next.isASCII && (next.properties.isAlphabetic || ("0"..."9").contains(next)))
    }
}
