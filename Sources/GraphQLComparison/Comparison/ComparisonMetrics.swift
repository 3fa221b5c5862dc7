import Foundation
import GraphQLBridgeSupport
import GraphQLMigration

/// What a run measures per API, from any task: the duration of each read, the responses and bytes the app's
/// transports reported, and what the noise check added.
final class ComparisonMetrics: Sendable {
    struct PerAPI: Sendable {
        var latency = LatencyHistogram()
        var bytes = 0
        var responses = 0
    }

    struct State: Sendable {
        var rest = PerAPI()
        var graphQL = PerAPI()
        var noiseReads = 0
        var noiseResponses = 0
        var noiseBytes = 0

        subscript(api: ComparisonAPI) -> PerAPI {
            get { api == .rest ? rest : graphQL }
            set {
                if api == .rest { rest = newValue } else { graphQL = newValue }
            }
        }
    }

    private let state = Locked(State())

    /// Records a read's duration; a noise check's read also counts as an added read.
    func read(_ api: ComparisonAPI, seconds: Double, isNoiseCheck: Bool) {
        state.withLock {
            $0[api].latency.add(seconds)
            if isNoiseCheck { $0.noiseReads += 1 }
        }
    }

    /// Records a response the app's transport reported.
    func received(_ api: ComparisonAPI, bytes: Int, isNoiseCheck: Bool) {
        state.withLock {
            $0[api].bytes += bytes
            $0[api].responses += 1
            if isNoiseCheck {
                $0.noiseResponses += 1
                $0.noiseBytes += bytes
            }
        }
    }

    var snapshot: State { state.withLock { $0 } }
}
