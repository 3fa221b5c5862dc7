import CacheScenarioAPI
import Foundation
import GraphQLBridge
import Testing

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// The persistent store never serves what it should not: after a write it could not make, after another process's
/// write, past its byte limit; and its files are the user's alone.
@Suite("Persistent store", .serialized)
struct PersistentStoreTests {
    @Test("The byte limit holds after a read-only session too (row 9)")
    func byteLimitAfterReads() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let limit = 50_000
        try await ScenarioSetup.run(makeCache: {
            GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(3600), byteLimit: limit)
        }) { setup in
            for index in 0..<100 {
                _ = try await setup.client.execute(
                    DrawsLastQuery(gameId: "g\(index)", last: 5), fetchPolicy: .serverOnly)
            }
            #expect(await setup.cache.byteCount <= limit)
            #expect(await setup.cache.problems.isEmpty)
        }
        // The next launch reads offline only.
        try await ScenarioSetup.run(makeCache: {
            GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(3600), byteLimit: limit)
        }) { setup in
            var served = 0
            for index in 0..<100 {
                if (try? await setup.client.execute(
                    DrawsLastQuery(gameId: "g\(index)", last: 5), fetchPolicy: .cacheOnly)) != nil
                {
                    served += 1
                }
            }
            #expect(served > 0, "the newest results survived the trim")
            let bytes = await setup.cache.byteCount
            #expect(bytes <= limit, "\(bytes) bytes after \(served) reads")
        }
    }

    @Test("A write that fails does not leave the old answer fresh (row 10)")
    func failedWriteMarksStale() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await ScenarioSetup.run(makeCache: {
            GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(3600))
        }) { setup in
            _ = try await setup.client.execute(UserNameQuery(id: "1"))
            try await setup.backend.admin(["setUserName": ["id": "1", "name": "Alice (new)"]])
            // Another connection holds the write lock: the cache's write of the new answer fails (SQLITE_BUSY).
            let blocker = try SQLiteLock(path: folder.url.appendingPathComponent("default.sqlite").path)
            let fetched = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly)
            #expect(fetched.data?.user?.name == "Alice (new)")
            #expect(await setup.cache.problems.contains { $0.kind == .write })
            let preferred = try await setup.client.execute(UserNameQuery(id: "1"))
            #expect(preferred.source == .server, "the old answer is not fresh any more")
            blocker.release()
            let offline = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            if offline.data?.user?.name == "Alice" {
                #expect(offline.isStale, "the answer the failed write would have replaced is stale")
            }
            let written = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly)
            #expect(written.source == .server)
            let fresh = try await setup.client.execute(UserNameQuery(id: "1"))
            #expect(fresh.source == .cache && !fresh.isStale && fresh.data?.user?.name == "Alice (new)")
        }
    }

    @Test("Another process's write: a memoized result is not served over it (row 12)")
    func otherProcessWrite() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await ScenarioSetup.run(makeCache: {
            GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(3600))
        }) { app in
            _ = try await app.client.execute(UserNameQuery(id: "1"))
            let memoized = try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(memoized.data?.user?.name == "Alice")
            // The extension: its own cache on the same file, writing a newer answer.
            let extensionCache = GraphQLCache(storage: .persistent(directory: folder.url), maxAge: .seconds(3600))
            let extensionClient = GraphQLHTTPClient(endpoint: app.backend.graphQLURL, cache: extensionCache)
            _ = try await extensionClient.execute(RenameUserMutation(id: "1", name: "Alice (from the widget)"))
            let again = try await app.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(again.data?.user?.name == "Alice (from the widget)")
        }
    }

    @Test("The cache's files are the user's alone: 0600 files in a 0700 folder (row 13)")
    func filePermissions() async throws {
        let parent = try TemporaryFolder()
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("Caches/GraphQL", isDirectory: true)
        try await ScenarioSetup.run(makeCache: {
            GraphQLCache(storage: .persistent(directory: folder), maxAge: .seconds(3600))
        }) { setup in
            _ = try await setup.client.execute(UserNameQuery(id: "1"))
            let manager = FileManager.default
            let folderMode = try manager.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
            #expect(folderMode == 0o700)
            let files = try manager.contentsOfDirectory(atPath: folder.path)
            #expect(files.contains("default.sqlite") && files.contains("default.sqlite-wal"))
            for file in files {
                let mode =
                    try manager.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[
                        .posixPermissions] as? Int
                #expect(mode == 0o600, "\(file): \(String(mode ?? 0, radix: 8))")
            }
        }
    }
}

/// A folder of its own under the temporary directory.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphqlbridge-scenario-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Another connection to a SQLite file holding its write lock (`BEGIN IMMEDIATE`) until released: every write of
/// another connection fails with `SQLITE_BUSY` once its busy timeout is over.
final class SQLiteLock: @unchecked Sendable {
    // @unchecked: `connection` is used by the test's task only, then closed once.
    private var connection: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
            sqlite3_exec(connection, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK
        else {
            sqlite3_close_v2(connection)
            throw ScenarioTimeout(what: "taking the write lock of \(path)")
        }
    }

    func release() {
        guard let connection else { return }
        sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
        sqlite3_close_v2(connection)
        self.connection = nil
    }

    deinit { release() }
}
