import Foundation

/// Reads the test target's fixture files.
enum Fixtures {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "missing fixture \(path)" }
    }

    /// The text of a file under Fixtures/.
    static func text(_ path: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + path, withExtension: nil) else {
            throw Missing(path: path)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
