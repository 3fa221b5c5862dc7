import Foundation
import GraphQLMigration

/// The outcomes of a run in a temporary file (one JSON object a line), so that the report can be written from them,
/// in as many passes as its format needs, without holding them in memory.
final class OutcomeSpool {
    let file: URL
    private var handle: FileHandle?
    private var buffer = Data()
    private let encoder = JSONEncoder()
    /// The first write that failed.
    private(set) var error: String?

    init() throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphql-migration-compare-\(UUID().uuidString).jsonl")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw ComparisonError("cannot create the temporary file \(file.path) for the report")
        }
        handle = try FileHandle(forWritingTo: file)
        encoder.outputFormatting = [.withoutEscapingSlashes]
    }

    deinit {
        try? handle?.close()
        try? FileManager.default.removeItem(at: file)
    }

    func append(_ outcome: ComparisonOutcome) {
        guard error == nil else { return }
        do {
            buffer.append(try encoder.encode(outcome))
            buffer.append(0x0A)
            if buffer.count >= 256 * 1024 { try flush() }
        } catch {
            self.error = "cannot write the outcomes to \(file.path): \(error)"
        }
    }

    /// Writes what is buffered; call before reading.
    func finish() {
        do {
            try flush()
            try handle?.synchronize()
        } catch {
            if self.error == nil { self.error = "cannot write the outcomes to \(file.path): \(error)" }
        }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle?.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each outcome, in the order appended.
    func forEach(_ body: (ComparisonOutcome) throws -> Void) throws {
        let reader = try FileHandle(forReadingFrom: file)
        defer { try? reader.close() }
        let decoder = JSONDecoder()
        var pending = Data()
        while true {
            let chunk = try reader.read(upToCount: 256 * 1024) ?? Data()
            if chunk.isEmpty { break }
            pending.append(chunk)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                try body(try decoder.decode(ComparisonOutcome.self, from: pending[start..<newline]))
                start = pending.index(after: newline)
            }
            pending = Data(pending[start...])
        }
        if !pending.isEmpty { try body(try decoder.decode(ComparisonOutcome.self, from: pending)) }
    }
}
