import Foundation
import GraphQLBridgeSupport
import GraphQLMigration

/// One read of a comparison in progress (an entity or a list, through one API): what the app's transports and
/// closures report during it.
final class ComparisonRead: Sendable {
    /// What is read.
    let model: String
    /// The entity's id or the list's name.
    let id: String
    /// Whether it is a list.
    let isList: Bool
    /// The API read through.
    let api: ComparisonAPI
    /// 1 for the compared reads, 2 for the noise check's second REST read.
    let number: Int
    /// Where the run's measurements go.
    let metrics: ComparisonMetrics
    /// Where responses are saved with `--record`.
    let recorder: ComparisonRecorder?
    private let state = Locked(State())

    struct State: Sendable {
        var warnings: [String] = []
        var responses = 0
    }

    init(
        model: String, id: String, isList: Bool, api: ComparisonAPI, number: Int, metrics: ComparisonMetrics,
        recorder: ComparisonRecorder?
    ) {
        self.model = model
        self.id = id
        self.isList = isList
        self.api = api
        self.number = number
        self.metrics = metrics
        self.recorder = recorder
    }

    /// The warnings reported during the read.
    var warnings: [String] { state.withLock { $0.warnings } }

    func received(_ api: ComparisonAPI, body: Data, url: URL?, status: Int?, operation: String?) {
        let index = state.withLock { state -> Int in
            state.responses += 1
            return state.responses
        }
        metrics.received(api, bytes: body.count, isNoiseCheck: number > 1)
        // The compared reads are recorded; the noise check's second read is not a fixture.
        if number == 1 {
            recorder?.record(
                model: model, id: id, isList: isList, api: api, index: index, body: body, url: url, status: status,
                operation: operation)
        }
    }

    func warn(_ message: String) {
        state.withLock { $0.warnings.append(message) }
    }
}
