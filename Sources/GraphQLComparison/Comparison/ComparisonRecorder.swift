import Foundation
import GraphQLBridgeSupport
import GraphQLMigration

/// Saves the raw response bodies of a run's compared reads (`--record DIR`) under stable names, in the layout
/// ``ComparisonFixtures`` reads.
final class ComparisonRecorder: Sendable {
    /// The folder recorded into.
    let directory: URL
    private let state = Locked(State())

    struct State: Sendable {
        var files = 0
        var firstError: String?
    }

    init(directory: URL) {
        self.directory = directory
    }

    /// How many files were written.
    var fileCount: Int { state.withLock { $0.files } }
    /// The first write that failed, in words.
    var firstError: String? { state.withLock { $0.firstError } }

    func record(
        model: String, id: String, isList: Bool, api: ComparisonAPI, index: Int, body: Data, url: URL?, status: Int?,
        operation: String?
    ) {
        let file = ComparisonFixtures.file(
            in: directory, model: model, id: id, isList: isList, api: api, response: index)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try body.write(to: file, options: .atomic)
            state.withLock { $0.files += 1 }
        } catch {
            state.withLock { state in
                if state.firstError == nil {
                    state.firstError = "cannot record \(file.path): \(error.localizedDescription)"
                }
            }
        }
    }
}
