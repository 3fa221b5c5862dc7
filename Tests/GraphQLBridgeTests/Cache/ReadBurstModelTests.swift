import Foundation
import GraphQLBridgeSupport
import GraphQLMigration
import Testing

@testable import GraphQLBridge

/// `SQLiteResponseReader` against a dictionary: random sequences of reads through the reader (whose reads keep a read
/// transaction open between them: a burst) and writes, deletions, checkpoints and pauses through another connection to
/// the same file (another process), checked after every read. Every read the reader makes gives exactly what the file
/// holds at that moment (the model's value, or none), whatever burst it read in and whatever was committed since it
/// began; a read it gives way on (`unavailable`) is allowed. A failure is shrunk to the fewest steps that still fail;
/// `GRAPHQLBRIDGE_BURST_SEED` replays a seed.
@Suite("A burst of direct reads against a model of the file")
struct ReadBurstModelTests {
    enum Step: Equatable, CustomStringConvertible {
        /// The reader reads query `key`.
        case read(key: Int)
        /// The other connection stores query `key`'s response with body `value`.
        case put(key: Int, value: Int)
        /// The other connection deletes query `key`'s response.
        case delete(key: Int)
        /// The other connection commits a write to another table (nothing the reader reads changes).
        case touch
        /// The other connection checkpoints the WAL (`PASSIVE`: copies what no reader needs) or restarts it
        /// (`TRUNCATE`: waits for the readers of the WAL, the reader's burst among them, then empties it).
        case checkpoint(truncate: Bool)
        /// No step for longer than the reader keeps an unused burst.
        case pause

        var description: String {
            switch self {
            case .read(let key): "read q\(key)"
            case .put(let key, let value): "put q\(key)=\(value)"
            case .delete(let key): "delete q\(key)"
            case .touch: "touch"
            case .checkpoint(let truncate): truncate ? "checkpoint(truncate)" : "checkpoint"
            case .pause: "pause"
            }
        }
    }

    /// Stores `value` (its digits the body) as `query`'s response through `writer`, as another process would: of the
    /// readers' default lifetime (60 s), fresh, made of one record.
    static func store(_ value: Int, asQuery query: String, with writer: SQLiteConnection) throws(GraphQLCacheError) {
        try writer.withStatement(
            """
            INSERT OR REPLACE INTO responses \
            (query_key, max_age, expiry, received, revalidates, dependencies, body, size) \
            VALUES (?, 60, 4000000000, 0, 0, ?, ?, 1)
            """, .write
        ) { statement throws(GraphQLCacheError) in
            try writer.bind(query, at: 1, in: statement, .write)
            try writer.bind(SQLiteCacheStore.encodeKeys(["Record:1"]), at: 2, in: statement, .write)
            try writer.bind(Array(String(value).utf8), at: 3, in: statement, .write)
            _ = try writer.step(statement, .write)
        }
    }

    /// The first read that differs from the model when `steps` run on a new file, or `nil`.
    static func failure(_ steps: [Step]) -> String? {
        guard let folder = try? TemporaryFolder() else { return "no temporary folder" }
        defer { folder.remove() }
        // The cache makes the file (its tables, WAL mode) and keeps a connection to it open, as an app's does.
        let cache = GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(60))
        defer { withExtendedLifetime(cache) {} }
        guard let name = folder.entries().first(where: { $0.hasSuffix(".sqlite") }) else { return "no file" }
        let path = folder.url.appendingPathComponent(name).path
        do throws(GraphQLCacheError) {
            let writer = try SQLiteConnection(path: path)
            defer { writer.close() }
            guard let version = try writer.text("SELECT schema_version FROM state", .read),
                let reader = SQLiteResponseReader(fileURL: URL(fileURLWithPath: path), schemaVersion: version)
            else { return "no reader" }
            defer { reader.close() }
            var model: [Int: Int] = [:]
            for (number, step) in steps.enumerated() {
                switch step {
                case .read(let key):
                    switch reader.storedResponse(forQuery: "q\(key)", defaultMaxAge: 60) {
                    case .read(let stored):
                        let value = stored.map { String(decoding: $0.body, as: UTF8.self) }
                        if value != model[key].map(String.init) {
                            return "step \(number) \(step): read \(value ?? "none"), the file holds "
                                + (model[key].map(String.init) ?? "none")
                        }
                    case .unavailable:
                        break
                    }
                case .put(let key, let value):
                    try Self.store(value, asQuery: "q\(key)", with: writer)
                    model[key] = value
                case .delete(let key):
                    try writer.withStatement("DELETE FROM responses WHERE query_key = ?", .write) {
                        statement throws(GraphQLCacheError) in
                        try writer.bind("q\(key)", at: 1, in: statement, .write)
                        _ = try writer.step(statement, .write)
                    }
                    model[key] = nil
                case .touch:
                    try writer.execute("UPDATE state SET version = version + 1", .write)
                case .checkpoint(let truncate):
                    try writer.execute("PRAGMA wal_checkpoint(\(truncate ? "TRUNCATE" : "PASSIVE"))", .write)
                case .pause:
                    Thread.sleep(forTimeInterval: 0.03)
                }
            }
        } catch {
            return "the other connection failed: \(error)"
        }
        return nil
    }

    /// `steps` with steps left out as long as they still fail.
    static func shrunk(_ steps: [Step]) -> [Step] {
        shrunkSteps(steps) { failure($0) != nil }
    }

    @Test("examples: a commit during a burst, a restarted WAL, a burst ended while idle")
    func examples() async throws {
        // (SQLite calls that may wait, and pauses: on a thread of their own.)
        let problems = try await DedicatedThread.run(name: "read-burst-examples") {
            [
                // Read twice (the second begins a burst), another connection replaces and deletes, read again.
                Self.failure([
                    .put(key: 1, value: 10), .put(key: 2, value: 20), .read(key: 1), .read(key: 2),
                    .put(key: 1, value: 11), .read(key: 1), .delete(key: 2), .read(key: 2), .read(key: 1),
                ]),
                // A commit elsewhere in the file ends the burst too; the WAL restarted (once the burst ended: the
                // checkpoint waits for it) and written again.
                Self.failure([
                    .put(key: 1, value: 1), .read(key: 1), .read(key: 1), .touch, .read(key: 1),
                    .checkpoint(truncate: true), .put(key: 1, value: 2), .read(key: 1), .pause, .read(key: 1),
                ]),
            ]
        }
        #expect(problems == [nil, nil])
    }

    @Test("reads while another connection commits on another thread: each gives a value the file held during the read")
    func concurrentCommits() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(60))
        defer { withExtendedLifetime(cache) {} }
        let name = try #require(folder.entries().first { $0.hasSuffix(".sqlite") })
        let path = folder.url.appendingPathComponent(name).path
        // The last value committed, and the one being committed (committed once `commit` returns).
        let committed = Locked(0)
        let committing = Locked(0)
        let writes = 400
        let setup = try SQLiteConnection(path: path)
        try Self.store(0, asQuery: "q0", with: setup)
        let version = try #require(try setup.text("SELECT schema_version FROM state", .read))
        setup.close()
        let reader = try #require(SQLiteResponseReader(fileURL: URL(fileURLWithPath: path), schemaVersion: version))
        defer { reader.close() }
        // (Each side on a thread of its own: SQLite calls, and a loop that runs until the other ends.)
        async let written: Void = DedicatedThread.run(name: "read-burst-writer") {
            let writer = try SQLiteConnection(path: path)
            defer { writer.close() }
            for value in 1...writes {
                committing.withLock { $0 = value }
                try Self.store(value, asQuery: "q0", with: writer)
                committed.withLock { $0 = value }
            }
        }
        let problems = try await DedicatedThread.run(name: "read-burst-reader") { () -> [String] in
            var problems: [String] = []
            var reads = 0
            // Until the writer is done (a hang detector bounds it: minutes, never a measure).
            let deadline = Date().addingTimeInterval(300)
            while committed.withLock({ $0 }) < writes, Date() < deadline {
                let lowest = committed.withLock { $0 }
                guard case .read(let stored?) = reader.storedResponse(forQuery: "q0", defaultMaxAge: 60) else {
                    continue
                }
                let highest = committing.withLock { $0 }
                let value = Int(String(decoding: stored.body, as: UTF8.self)) ?? -1
                reads += 1
                if value < lowest || value > highest {
                    problems.append("read \(value) while the file held \(lowest) to \(highest)")
                }
            }
            return reads > 0 ? problems : ["no read"]
        }
        try await written
        let count = problems.count
        #expect(count == 0, "\(problems.prefix(5))")
    }

    @Test("random reads, writes, checkpoints and pauses: every read gives what the file holds then (seeded)")
    func randomSteps() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_BURST_SEED"] ?? "") ?? 28_1207_3
        let problem = try await DedicatedThread.run(name: "read-burst-model") { Self.firstFailure(seed: seed) }
        if let problem { Issue.record("\(problem)") }
    }

    /// The first of `seed`'s sequences that fails, shrunk, described; `nil` when none does.
    static func firstFailure(seed: UInt64) -> String? {
        var generator = SplitMix64(seed: seed)
        for round in 0..<150 {
            var steps: [Step] = []
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                let key = Int.random(in: 0..<4, using: &generator)
                switch Int.random(in: 0..<40, using: &generator) {
                case 0..<20: steps.append(.read(key: key))
                case 20..<29: steps.append(.put(key: key, value: Int.random(in: 0..<1000, using: &generator)))
                case 29..<34: steps.append(.delete(key: key))
                case 34..<37: steps.append(.touch)
                case 37: steps.append(.checkpoint(truncate: false))
                case 38: steps.append(.checkpoint(truncate: true))
                default: steps.append(.pause)
                }
            }
            if let problem = Self.failure(steps) {
                let minimal = Self.shrunk(steps)
                return """
                    seed \(seed) (GRAPHQLBRIDGE_BURST_SEED), round \(round): \(problem)
                    minimal steps: \(minimal) → \(Self.failure(minimal) ?? "?")
                    """
            }
        }
        return nil
    }
}
