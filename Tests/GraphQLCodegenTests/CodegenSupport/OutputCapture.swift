import Foundation
import GraphQLBridgeCLI

/// Collects what a command writes to standard output and standard error.
final class OutputCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    /// A command output that appends to this capture.
    var output: CommandOutput {
        CommandOutput(
            standardOutput: { text in self.lock.withLock { self.out += text } },
            standardError: { text in self.lock.withLock { self.err += text } })
    }

    /// Everything written to standard output.
    var standardOutput: String { lock.withLock { out } }
    /// Everything written to standard error.
    var standardError: String { lock.withLock { err } }
}
