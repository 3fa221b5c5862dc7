import Foundation
import GraphQLBridge
import LotteryTestSupport
import Testing

/// A stored response belongs to the document it answered, not to the operation's type name: version 2 of an app,
/// whose `query GameVersioned` selects one field more, never reads version 1's stored response. Each version runs in
/// a process of its own (`graphql-cache-store-tool versioned`), as two app versions do, on one persistent cache.
@Suite("Operation versions", .serialized)
struct OperationVersionTests {
    @Test("App version 2 changes an operation's selection: version 1's stored response is not served (row 7)")
    func changedSelection() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await ScenarioSetup.run { setup in
            let url = setup.backend.graphQLURL.absoluteString
            let first = try await run(["versioned", folder.url.path, url, "1", "serverOnly"])
            #expect(first == "data Lotto nil", "version 1 does not select rulesUrl")
            let offlineV1 = try await run(["versioned", folder.url.path, url, "1", "cacheOnly"])
            #expect(offlineV1 == "data Lotto nil", "version 1 reads its own stored response")
            let offlineV2 = try await run(["versioned", folder.url.path, url, "2", "cacheOnly"])
            #expect(offlineV2 == "miss game.rulesUrl", "version 2 needs rulesUrl, which the cache does not have")
            let online = try await run(["versioned", folder.url.path, url, "2", "serverOnly"])
            #expect(online == "data Lotto https://rules/g1")
            let offlineAgain = try await run(["versioned", folder.url.path, url, "2", "cacheOnly"])
            #expect(offlineAgain == "data Lotto https://rules/g1")
        }
    }

    private func run(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcessResult.run(try Self.tool(), arguments: arguments)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The tool, built next to the tests by `swift build --build-tests`.
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
}
