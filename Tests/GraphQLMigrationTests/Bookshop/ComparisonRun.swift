import Foundation
import GraphQLBridgeSupport
import GraphQLComparison
import GraphQLMigration

/// A `ComparisonCommand` run in the test process, with what it wrote.
struct ComparisonRun: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Runs `ComparisonCommand.main` on `plan` with `arguments` (the program name first, as `CommandLine.arguments`).
    static func main(_ plan: ComparisonPlan, _ arguments: [String]) async -> ComparisonRun {
        let out = Collected()
        let err = Collected()
        let status = await ComparisonCommand.main(
            plan, arguments: ["bookshop-compare"] + arguments,
            output: .init(standardOutput: out.append, standardError: err.append))
        return ComparisonRun(status: status, standardOutput: out.text, standardError: err.text)
    }

    /// The JSON report on standard output.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any] else {
            throw BookshopError(description: "the report is not a JSON object")
        }
        return object
    }

    /// `model id field` of each mismatch.
    func mismatches() throws -> Set<String> {
        Set(
            ((try json()["mismatches"] as? [[String: Any]]) ?? []).map {
                "\($0["model"] as? String ?? "") \($0["id"] as? String ?? "") \($0["field"] as? String ?? "")"
            })
    }
}

/// Text collected from any task.
final class Collected: @unchecked Sendable {
    private struct State {
        var collected = ""
    }

    private let state = Locked(State())

    func append(_ more: String) { state.withLock { $0.collected += more } }
    var text: String { state.withLock { $0.collected } }
}

extension Dictionary where Key == String, Value == Any {
    /// The integer at a path of keys.
    func int(_ keys: String...) -> Int? {
        var current: Any? = self
        for key in keys { current = (current as? [String: Any])?[key] }
        return current as? Int
    }

    /// The array of objects at `key`.
    func objects(_ key: String) -> [[String: Any]] { (self[key] as? [[String: Any]]) ?? [] }
}
