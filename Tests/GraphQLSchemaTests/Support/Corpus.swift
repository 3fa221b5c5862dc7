import Foundation

/// A corpus fixture: documents, each after a line `### <id> [<schema>]`, as make_validation_expectations.py
/// splits them (trailing blank lines are not part of a document).
struct Corpus {
    /// One document of the corpus.
    struct Entry {
        let id: String
        let schema: String?
        let text: String
    }

    let entries: [Entry]

    init(_ content: String) {
        var entries: [Entry] = []
        var header: [String]?
        var lines: [Substring] = []
        func flush() {
            guard let header, let id = header.first else { return }
            while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
            entries.append(Entry(id: id, schema: header.dropFirst().first, text: lines.joined(separator: "\n")))
        }
        for line in content.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") {
                flush()
                header = line.dropFirst(4).split(separator: " ").map(String.init)
                lines = []
            } else if header != nil {
                lines.append(line)
            }
        }
        flush()
        self.entries = entries
    }
}
