import Foundation
import GraphQLBridgeCLI
import GraphQLBridgeSupport

/// Collects what a command writes to standard output and standard error.
final class OutputCapture: @unchecked Sendable {
    private struct State {
        var out = ""
        var err = ""
    }

    private let state = Locked(State())

    /// A command output that appends to this capture.
    var output: CommandOutput {
        CommandOutput(
            standardOutput: { text in self.state.withLock { $0.out += text } },
            standardError: { text in self.state.withLock { $0.err += text } })
    }

    /// Everything written to standard output.
    var standardOutput: String { state.withLock { $0.out } }
    /// Everything written to standard error.
    var standardError: String { state.withLock { $0.err } }
}
