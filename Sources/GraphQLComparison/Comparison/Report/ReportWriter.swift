import GraphQLMigration

/// Collects a report's text and hands it on in chunks of about 64 KB, so that a large report is never held whole.
final class ReportWriter {
    private var buffer = ""
    private let flushSize = 64 * 1024
    private let sink: (String) throws -> Void

    init(_ sink: @escaping (String) throws -> Void) {
        self.sink = sink
    }

    func write(_ text: String) throws {
        buffer += text
        if buffer.utf8.count >= flushSize { try flush() }
    }

    func line(_ text: String = "") throws {
        try write(text + "\n")
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        let chunk = buffer
        buffer = ""
        try sink(chunk)
    }
}
