import Foundation
import GraphQLBridgeSupport

/// Finds the Python that runs the reference backend: `$GRAPHQLBRIDGE_PYTHON`, or the one that
/// `scripts/python-env.sh` prepares (run once per test process, then remembered).
final class PythonLocator: @unchecked Sendable {
    /// The process-wide locator.
    static let shared = PythonLocator()

    private struct State {
        var cached: String?
    }

    private let state = Locked(State())

    /// The path (or command name) of a Python with graphql-core.
    /// - Throws: `ReferenceBackendError.pythonNotFound` or `.pythonEnvironmentFailed`.
    func python(repository: URL) async throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let configured = environment["GRAPHQLBRIDGE_PYTHON"], !configured.isEmpty {
            if configured.contains("/") && !FileManager.default.isExecutableFile(atPath: configured) {
                throw ReferenceBackendError.pythonNotFound(path: configured)
            }
            return configured
        }
        if let known = state.withLock({ $0.cached }) { return known }

        let script = repository.appendingPathComponent("scripts/python-env.sh")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw ReferenceBackendError.pythonEnvironmentFailed(
                script: script.path, status: -1, standardError: "the script is missing")
        }
        let result = try await ChildProcessResult.run(
            URL(fileURLWithPath: "/bin/bash"), arguments: [script.path])
        let lines = result.standardOutput.split(whereSeparator: \.isNewline)
        guard result.status == 0, let last = lines.last else {
            throw ReferenceBackendError.pythonEnvironmentFailed(
                script: script.path, status: result.status, standardError: result.standardError)
        }
        let python = String(last).trimmingCharacters(in: .whitespaces)
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ReferenceBackendError.pythonNotFound(path: python)
        }
        state.withLock { $0.cached = python }
        return python
    }
}
