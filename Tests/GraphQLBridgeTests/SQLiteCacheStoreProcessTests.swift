#if os(macOS) || os(Linux)
    import Foundation
    import GraphQLBridgeSupport
    import Testing

    @testable import GraphQLBridge

    /// `SQLiteCacheStore` shared by processes: what one process committed, another reads; a writer killed with SIGKILL
    /// in the middle of its transactions leaves a readable store of whole records and whole transactions.
    ///
    /// The other process is `graphql-cache-store-tool` (Tests/graphql-cache-store-tool), built next to the tests by
    /// `swift build --build-tests`.
    @Suite("SQLiteCacheStore across processes")
    struct SQLiteCacheStoreProcessTests {
        /// As the tool writes them.
        static let recordsPerBatch = 8
        static let payloadLength = 4_096

        /// The tool, in the folder of the test bundle.
        static func tool() throws -> URL {
            var folders = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
                .map { $0.deletingLastPathComponent() }
            folders.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
            folders.append(URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent())
            let candidates = folders.map { $0.appendingPathComponent("graphql-cache-store-tool") }
            return try #require(
                candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                "graphql-cache-store-tool not found (build it with swift build --build-tests); looked in \(folders)")
        }

        /// Starts the tool with `arguments`, its standard output going to `output`.
        static func start(_ arguments: [String], output: URL) throws -> SpawnedProcess {
            try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
            let process = SpawnedProcess()
            process.executableURL = try tool()
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: output)
            try process.run()
            return process
        }

        /// Waits for `process` to end without blocking a thread; gives up (killing it) after `limit`.
        static func waitForExit(_ process: SpawnedProcess, limit: Duration = HangDetector.limit) async throws -> Int32 {
            let deadline = ContinuousClock.now + limit
            while process.isRunning {
                if ContinuousClock.now > deadline {
                    kill(process.processIdentifier, SIGKILL)
                    Issue.record("the tool did not finish")
                    break
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// Runs the tool to completion; returns its status and output.
        static func run(_ arguments: [String], in folder: TemporaryFolder) async throws -> (Int32, String) {
            let output = folder.url.appendingPathComponent("out-\(UUID().uuidString).txt")
            let status = try await waitForExit(try start(arguments, output: output))
            return (status, try String(contentsOf: output, encoding: .utf8))
        }

        /// What ``checkWhole(_:)`` found.
        struct WholeCheck: Sendable {
            /// How many batches the store holds.
            var batches = 0
            /// What is not whole, one line each.
            var problems: [String] = []
        }

        /// Reads every record of the store at `file` and checks it whole: each batch complete, batches numbered 0 up
        /// without a gap. On a thread of its own at the lowest priority: a writer on a fast machine commits thousands
        /// of batches before it is killed, and reading and checking them all is seconds of work that must not hold
        /// one of the threads Swift concurrency shares (see `DedicatedThread`).
        static func checkWhole(file: URL) async throws -> WholeCheck {
            try await DedicatedThread.run(name: "SQLiteCacheStoreProcessTests", priority: .background) {
                let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "tool")
                var check = Self.checkWhole(try store.records(forKeys: try store.allKeys()))
                if let recovered = store.recovered { check.problems.append("the store was recovered: \(recovered)") }
                return check
            }
        }

        /// The tool's records, checked whole.
        static func checkWhole(_ records: [String: CacheRecord]) -> WholeCheck {
            var check = WholeCheck()
            var batches: [Int: Int] = [:]
            for (key, record) in records {
                guard case .scalar(.string(let payload)) = record.fields["payload"]?.value,
                    case .scalar(.number(let length)) = record.fields["length"]?.value,
                    case .scalar(.number(let batch)) = record.fields["batch"]?.value,
                    let batch = Int(batch), case .scalar(.number(let index)) = record.fields["index"]?.value,
                    key == "batch:\(batch):\(index)"
                else {
                    check.problems.append("record \(key) is not whole: \(record.fields.keys.sorted())")
                    continue
                }
                // One letter repeated: compared byte by byte (the tool writes ASCII letters).
                let bytes = payload.utf8
                if Int(length) != payloadLength || bytes.count != payloadLength
                    || !bytes.allSatisfy({ $0 == bytes.first })
                {
                    check.problems.append("record \(key): a payload of \(bytes.count) bytes, not one letter")
                }
                batches[batch, default: 0] += 1
            }
            if !batches.values.allSatisfy({ $0 == recordsPerBatch }) {
                check.problems.append("records per batch: \(batches.filter { $0.value != recordsPerBatch })")
            }
            if batches.keys.sorted() != Array(0..<batches.count) {
                let numbers = batches.keys.sorted().prefix(20)
                check.problems.append("batches are not numbered 0 up without a gap: \(numbers)")
            }
            check.batches = batches.count
            return check
        }

        @Test("what one process committed, another process and this one read")
        func persistsAcrossProcesses() async throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let file = folder.url.appendingPathComponent("shared.sqlite").path
            let (writeStatus, written) = try await Self.run(["write", file, "6"], in: folder)
            #expect(writeStatus == 0)
            #expect(written.contains("committed 5\n"), "\(written)")
            let (readStatus, read) = try await Self.run(["read", file], in: folder)
            #expect(readStatus == 0)
            #expect(read == "records 48 batches 6\n")

            let check = try await Self.checkWhole(file: URL(fileURLWithPath: file))
            #expect(check.problems.isEmpty, "\(check.problems.prefix(10))")
            #expect(check.batches == 6)
        }

        @Test("a writer killed with SIGKILL mid-way leaves a readable store of whole transactions")
        func killedWriter() async throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let file = folder.url.appendingPathComponent("killed.sqlite")
            let output = folder.url.appendingPathComponent("writer.txt")
            let writer = try Self.start(["write", file.path, "1000000"], output: output)
            let deadline = ContinuousClock.now + HangDetector.limit  // a hang detector only
            var committed = 0
            while committed < 25, writer.isRunning, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
                let lines = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                committed = lines.split(separator: "\n").filter { $0.hasPrefix("committed ") }.count
            }
            kill(writer.processIdentifier, SIGKILL)
            _ = try await Self.waitForExit(writer)
            #expect(writer.terminationReason == .uncaughtSignal)
            try #require(committed >= 25, "the writer committed \(committed) transactions")

            // Every transaction it reported is there, whole; the one it was in the middle of is all there or absent.
            let check = try await Self.checkWhole(file: file)
            #expect(check.problems.isEmpty, "\(check.problems.prefix(10))")
            let batches = check.batches
            #expect(batches >= committed)

            // Another process reads the same.
            let (status, read) = try await Self.run(["read", file.path], in: folder)
            #expect(status == 0)
            #expect(read == "records \(batches * Self.recordsPerBatch) batches \(batches)\n")
        }
    }
#endif
