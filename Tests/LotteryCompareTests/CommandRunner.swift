import Foundation
import GraphQLBridgeCLI
import GraphQLBridgeSupport
import LotteryCLI

/// Runs `lottery` in-process and captures what it writes.
struct CommandRun: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// The JSON report on standard output, decoded.
    func jsonReport() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8))
        guard let report = object as? [String: Any] else { throw ReportShapeError(found: "\(type(of: object))") }
        return report
    }
}

struct ReportShapeError: Error {
    var found: String
}

/// A buffer that collects text from any thread.
final class TextBuffer: @unchecked Sendable {
    private struct State {
        var text = ""
    }

    private let state = Locked(State())

    func append(_ more: String) { state.withLock { $0.text += more } }
    var value: String { state.withLock { $0.text } }
}

func runCommand(_ arguments: [String]) async -> CommandRun {
    let out = TextBuffer()
    let err = TextBuffer()
    let status = await LotteryCommand.main(
        arguments: arguments, output: CommandOutput(standardOutput: out.append, standardError: err.append))
    return CommandRun(status: status, standardOutput: out.value, standardError: err.value)
}

extension Dictionary where Key == String, Value == Any {
    func int(_ keys: String...) -> Int? {
        var current: Any? = self
        for key in keys { current = (current as? [String: Any])?[key] }
        return current as? Int
    }

    func array(_ key: String) -> [[String: Any]] { (self[key] as? [[String: Any]]) ?? [] }
}
