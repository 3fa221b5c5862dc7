import CacheScenarioAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// One store, the only truth, for every process that opens it: two caches on one SQLite file (two connections, as an
/// app and its extension) keep the rules that protect newer data, a clear, and each other's fields (issue 28, rows
/// 11–13). The servers are `MockTransport`s whose answers wait for a ``Gate`` the test opens, so the other cache
/// acts while a request is in flight; the clock is injected.
@Suite("One store shared by processes", .serialized)
struct SharedStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A cache on the folder's file, with a client whose server is `transport`.
    struct Side {
        let cache: GraphQLCache
        let client: GraphQLHTTPClient
        let transport = MockTransport()

        init(_ folder: TemporaryFolder, schemaVersion: String = "1") {
            let now = SharedStoreTests.start
            cache = GraphQLCache(
                storage: .persistent(directory: folder.url), maxAge: .seconds(3600), schemaVersion: schemaVersion,
                now: { now })
            let endpoint = URL(string: "https://example.com/graphql") ?? URL(fileURLWithPath: "/")
            client = GraphQLHTTPClient(endpoint: endpoint, transport: transport, cache: cache)
        }

        /// Asks the server `query` (``GraphQLFetchPolicy/serverOnly``), which answers `data` at once: what the cache
        /// holds before a test's requests in flight.
        func store<Query: GraphQLQuery>(_ query: Query, answered data: String) async throws {
            transport.enqueue(data: data)
            _ = try await client.execute(query, fetchPolicy: .serverOnly)
        }

        /// Queues an answer that waits for `gate`.
        func enqueue(_ data: String, after gate: Gate) {
            transport.enqueue { _, _ in
                await gate.wait()
                return (
                    HTTPResponse(
                        status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]),
                    GraphQLResponseFixture.body(data: data, errors: [])
                )
            }
        }
    }

    static func userName(_ name: String) -> String { #"{"user":{"id":"1","name":"\#(name)"}}"# }

    static func userProfile(_ name: String, karma: Int) -> String {
        #"{"user":{"id":"1","name":"\#(name)","profile":{"karma":\#(karma),"bio":"b"}}}"#
    }

    @Test("Row 11: the extension renames the user while the app's request is in flight: the older answer loses")
    func overtakenAcrossConnections() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        let widget = Side(folder)
        try await app.store(UserNameQuery(id: "1"), answered: Self.userName("Old"))

        let gate = Gate()
        app.enqueue(Self.userName("Old"), after: gate)
        let pending = Task { try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
        #expect(await app.transport.waitForRequests(2))
        widget.transport.enqueue(data: #"{"renameUser":{"id":"1","name":"New"}}"#)
        _ = try await widget.client.execute(RenameUserMutation(id: "1", name: "New"))
        await gate.open()
        #expect(try await pending.value.data?.user?.name == "Old", "its caller gets what the server said then")

        // The newer name stays, in both processes. Both requests started at one store version, and which was sent
        // first is known within a process only: the kept name is stale (a tie across processes, see
        // `tieAcrossConnections`), so a read asks the server, and is never "Old" served as fresh.
        for side in [app, widget] {
            let read = try await side.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(read.source == .cache && read.isStale)
            #expect(read.data?.user?.name == "New", "the newer name stays, in both processes")
        }
        #expect(await app.cache.statistics.overtakenAnswers == 1)
    }

    @Test(
        "A cache of the old schema version still open when the new version takes the file over reads and writes nothing"
    )
    func supersededSchemaVersion() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let old = Side(folder, schemaVersion: "1")
        try await old.store(UserNameQuery(id: "1"), answered: Self.userName("Old shape"))
        // The app, updated, opens the file with its new schema: the old records are dropped.
        let new = Side(folder, schemaVersion: "2")
        #expect(await new.cache.recordCount == 0)
        try await new.store(UserNameQuery(id: "2"), answered: #"{"user":{"id":"2","name":"Bob"}}"#)

        // The old cache (an extension not yet updated) asks the server again: its answer is not written into the
        // new version's records, and it reads nothing of them.
        try await old.store(UserNameQuery(id: "1"), answered: Self.userName("Old shape"))
        let problems = await old.cache.problems
        #expect(problems.contains { $0.message.contains("schema version \"2\"") }, "\(problems)")
        for query in [UserNameQuery(id: "1"), UserNameQuery(id: "2")] {
            await #expect(throws: APIError.self) { try await old.client.execute(query, fetchPolicy: .cacheOnly) }
        }
        await #expect(throws: APIError.self) {
            try await new.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
        }
        let kept = try await new.client.execute(UserNameQuery(id: "2"), fetchPolicy: .cacheOnly)
        #expect(kept.data?.user?.name == "Bob" && !kept.isStale)
    }

    @Test("Row 12: the extension signs out while the app's request is in flight: nothing lands in the cleared store")
    func clearAcrossConnections() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        let widget = Side(folder)
        try await app.store(UserNameQuery(id: "1"), answered: Self.userName("Alice"))

        let gate = Gate()
        app.enqueue(Self.userProfile("Alice", karma: 7), after: gate)
        let pending = Task { try await app.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .serverOnly) }
        #expect(await app.transport.waitForRequests(2))
        try await widget.cache.clear()
        await gate.open()
        #expect(try await pending.value.data?.user?.profile?.karma == 7, "the caller still gets its answer")

        #expect(await app.cache.recordCount == 0)
        #expect(await widget.cache.recordCount == 0)
        for side in [app, widget] {
            await #expect(throws: APIError.self) {
                try await side.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            }
            await #expect(throws: APIError.self) {
                try await side.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .cacheOnly)
            }
        }
    }

    @Test("Row 13: the app writes name, the extension karma of one record, both in flight: both keep theirs")
    func differentFieldsOfOneRecord() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        let widget = Side(folder)
        try await app.store(UserProfileQuery(id: "1"), answered: Self.userProfile("Old", karma: 1))

        // Both requests start before either answer lands; the app's (a new name) lands first, then the extension's,
        // whose server read the user before the rename (the old name, a new karma).
        let appGate = Gate()
        let widgetGate = Gate()
        app.enqueue(Self.userName("New"), after: appGate)
        widget.enqueue(Self.userProfile("Old", karma: 2), after: widgetGate)
        let appAnswer = Task { try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
        let widgetAnswer = Task {
            try await widget.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .serverOnly)
        }
        #expect(await app.transport.waitForRequests(2))
        #expect(await widget.transport.waitForRequests(1))
        await appGate.open()
        _ = try await appAnswer.value
        await widgetGate.open()
        _ = try await widgetAnswer.value

        try await Self.expectBothFields(app, widget)
    }

    @Test("Row 13: both answers wait for another connection's write lock: each merge reads the record in its write")
    func concurrentMerges() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        let widget = Side(folder)
        try await app.store(UserProfileQuery(id: "1"), answered: Self.userProfile("Old", karma: 1))

        // A third connection holds the write lock: both caches' writes wait for it (SQLite's busy timeout), having
        // read the record before it if their merge read outside the write transaction.
        let lock = try SQLiteLock(path: folder.url.appendingPathComponent("default.sqlite").path)
        app.transport.enqueue(data: Self.userName("New"))
        widget.transport.enqueue(data: Self.userProfile("Old", karma: 2))
        let widgetVersionStarted = Task {
            try await widget.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .serverOnly)
        }
        let appAnswer = Task { try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
        #expect(await app.transport.waitForRequests(2))
        #expect(await widget.transport.waitForRequests(1))
        // Time for both writes to reach the lock (not a bound on anything: a slow machine only makes the test weaker).
        try await Task.sleep(for: .milliseconds(300))
        lock.release()
        _ = try await appAnswer.value
        _ = try await widgetVersionStarted.value
        #expect(await app.cache.problems.isEmpty)
        #expect(await widget.cache.problems.isEmpty)
        // Which write takes the lock first is the scheduler's: the app's first, the extension's answer disagrees with
        // the kept name (stale, as above); the extension's first, the app's name lands on a record that holds no
        // newer value of it (fresh).
        try await Self.expectBothFields(app, widget, stale: nil)
    }

    /// With `answersBetween` 300, more answers land between the refetch's and the rename's than the cache keeps the
    /// places of (``GraphQLCache/ownWriteLimit``): the refetch's write is dropped from them, and still unordered.
    @Test(
        "Seed 714352: a refetch sent before a rename lands after the rename was sent: its name is not served fresh",
        arguments: [0, 300])
    func refetchSentBeforeRename(answersBetween: Int) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        try await app.store(UserNameQuery(id: "1"), answered: Self.userName("Old"))

        // The refetch is sent first and computed first (the server reads "Middle", set by someone else); the rename to
        // "New" is sent next, at the same store version, and applied after it. The refetch's answer lands first.
        let refetchGate = Gate()
        let renameGate = Gate()
        app.enqueue(Self.userName("Middle"), after: refetchGate)
        let refetch = Task { try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
        #expect(await app.transport.waitForRequests(2))
        app.enqueue(#"{"renameUser":{"id":"1","name":"New"}}"#, after: renameGate)
        let rename = Task { try await app.client.execute(RenameUserMutation(id: "1", name: "New")) }
        #expect(await app.transport.waitForRequests(3))
        await refetchGate.open()
        #expect(try await refetch.value.data?.user?.name == "Middle")
        for index in 0..<answersBetween {
            try await app.store(
                UserNameQuery(id: "other-\(index)"), answered: #"{"user":{"id":"other-\#(index)","name":"U"}}"#)
        }
        await renameGate.open()
        _ = try await rename.value

        // Which of the two the server computed last is not known to the cache: what it keeps is not fresh.
        let read = try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
        #expect(read.isStale, "served as \(read.data?.user?.name ?? "nil"), fresh")
        app.transport.enqueue(data: Self.userName("New"))
        let asked = try await app.client.execute(UserNameQuery(id: "1"))
        #expect(asked.source == .server && asked.data?.user?.name == "New", "a read asks the server")
    }

    /// A tie: both requests started at one store version, so the versions cannot tell which was sent last. The app's
    /// refetch was sent first and its answer lands first; the extension's rename (sent later) lands second and keeps
    /// the app's newer-looking field. Which of the two the server computed last is not known across processes (within
    /// one, the order the requests were sent says it): the kept name is stale in both, never "Older" served as fresh
    /// after the user renamed to "New".
    @Test("Across processes, a tie: two requests started at one version, the one sent first answered first: stale")
    func tieAcrossConnections() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        let widget = Side(folder)
        try await app.store(UserNameQuery(id: "1"), answered: Self.userName("Old"))

        let appGate = Gate()
        let widgetGate = Gate()
        app.enqueue(Self.userName("Older"), after: appGate)
        let refetch = Task { try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
        #expect(await app.transport.waitForRequests(2))
        widget.enqueue(#"{"renameUser":{"id":"1","name":"New"}}"#, after: widgetGate)
        let rename = Task { try await widget.client.execute(RenameUserMutation(id: "1", name: "New")) }
        #expect(await widget.transport.waitForRequests(1))
        await appGate.open()
        _ = try await refetch.value
        await widgetGate.open()
        #expect(try await rename.value.data?.renameUser.name == "New")

        for side in [app, widget] {
            let read = try await side.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(read.isStale, "served as \(read.data?.user?.name ?? "nil"), fresh")
        }
        // A read asks the server, which says "New".
        app.transport.enqueue(data: Self.userName("New"))
        let asked = try await app.client.execute(UserNameQuery(id: "1"))
        #expect(asked.source == .server && asked.data?.user?.name == "New")
    }

    @Test("Across processes: an answer to a request started before the app's rename lands after it was sent: stale")
    func olderRequestAcrossConnections() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        let widget = Side(folder)
        try await app.store(UserNameQuery(id: "1"), answered: Self.userName("Old"))

        // The extension's request starts; then the store changes (another user), and the app's rename starts at the
        // newer version. The extension's answer (computed before the rename) lands after the rename was sent.
        let widgetGate = Gate()
        let renameGate = Gate()
        widget.enqueue(Self.userName("Middle"), after: widgetGate)
        let widgetRead = Task { try await widget.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
        #expect(await widget.transport.waitForRequests(1))
        try await app.store(UserNameQuery(id: "2"), answered: #"{"user":{"id":"2","name":"Other"}}"#)
        app.enqueue(#"{"renameUser":{"id":"1","name":"New"}}"#, after: renameGate)
        let rename = Task { try await app.client.execute(RenameUserMutation(id: "1", name: "New")) }
        #expect(await app.transport.waitForRequests(3))
        await widgetGate.open()
        _ = try await widgetRead.value
        await renameGate.open()
        _ = try await rename.value

        for side in [app, widget] {
            let read = try await side.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(read.isStale, "served as \(read.data?.user?.name ?? "nil"), fresh")
        }
    }

    /// Both caches read the app's name and the extension's karma, stale: the extension's answer also said "Old" for
    /// the name, and the cache cannot tell which of the two the server answered last (both requests were sent before
    /// either answer landed). The record keeps each writer's field, but "New" beside karma 2 may be a state the server
    /// never had: it is not served as fresh (a read asks the server again). An older answer that takes nothing else
    /// leaves the newer value fresh (row 11: the record is then one answer's, not a mix).
    /// (`stale`: `nil` when the order of the two writes, and so whether the cache saw them disagree, is not known.)
    static func expectBothFields(_ app: Side, _ widget: Side, stale: Bool? = true) async throws {
        var staleness: [Bool] = []
        for side in [app, widget] {
            let read = try await side.client.execute(UserProfileQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(read.data?.user?.name == "New", "the app's name is kept")
            #expect(read.data?.user?.profile?.karma == 2, "the extension's karma is kept")
            if let stale { #expect(read.isStale == stale, "a mix of two answers that disagree is not fresh") }
            staleness.append(read.isStale)
        }
        #expect(staleness[0] == staleness[1], "both processes read one store")
    }

    @Test("Row 12 across processes: another process's clear() while a request is in flight")
    func clearFromAnotherProcess() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = Side(folder)
        try await app.store(UserNameQuery(id: "1"), answered: Self.userName("Alice"))
        #expect(await app.cache.recordCount > 0)

        let gate = Gate()
        app.enqueue(Self.userName("Alice"), after: gate)
        let pending = Task { try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
        #expect(await app.transport.waitForRequests(2))
        let output = try await StoreTool.run(["clear", folder.url.path], in: folder)
        #expect(output == "cleared\n")
        await gate.open()
        _ = try await pending.value
        #expect(await app.cache.recordCount == 0)
        await #expect(throws: APIError.self) {
            try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
        }
    }
}

/// A one-shot signal: `wait()` returns once `open()` was called.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// `graphql-cache-store-tool` (Tests/graphql-cache-store-tool), built next to the tests by `swift build --build-tests`.
enum StoreTool {
    static func url() throws -> URL {
        var folders = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
        folders.append(URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent())
        let candidates = folders.map { $0.appendingPathComponent("graphql-cache-store-tool") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "graphql-cache-store-tool not found (build it with swift build --build-tests); looked in \(folders)")
    }

    /// Runs the tool to its end (polled, no thread blocked); returns its standard output.
    static func run(_ arguments: [String], in folder: TemporaryFolder) async throws -> String {
        let output = folder.url.appendingPathComponent("out-\(UUID().uuidString).txt")
        try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
        let process = SpawnedProcess()
        process.executableURL = try url()
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        for _ in 0..<3_000 where process.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning {
            process.terminate()
            Issue.record("the tool did not finish")
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try String(contentsOf: output, encoding: .utf8)
    }
}
