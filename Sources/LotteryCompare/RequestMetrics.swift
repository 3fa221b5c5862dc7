import Foundation
import GraphQLBridge

/// Collects the duration and size of every response of one API, from any task.
final class RequestMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var durations: [Duration] = []
    private var totalBytes = 0

    func record(duration: Duration, bytes: Int) {
        lock.withLock {
            durations.append(duration)
            totalBytes += bytes
        }
    }

    var bytes: Int { lock.withLock { totalBytes } }

    /// p50 and p95 in milliseconds (nearest-rank); zero without requests.
    var percentiles: ComparisonReport.Percentiles {
        let sorted = lock.withLock { durations.sorted() }
        func rank(_ percent: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = max(0, min(sorted.count - 1, Int((percent * Double(sorted.count)).rounded(.up)) - 1))
            let (seconds, attoseconds) = sorted[index].components
            let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
            return (milliseconds * 1000).rounded() / 1000
        }
        return ComparisonReport.Percentiles(p50Milliseconds: rank(0.50), p95Milliseconds: rank(0.95))
    }
}

/// Measures each GraphQL request's duration and response size.
struct MetricsMiddleware: GraphQLMiddleware {
    let metrics: RequestMetrics

    func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        let start = ContinuousClock.now
        let (response, responseBody) = try await next(request, body, operationName)
        metrics.record(duration: ContinuousClock.now - start, bytes: responseBody.count)
        return (response, responseBody)
    }
}
