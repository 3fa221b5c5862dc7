import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryTestSupport
import RuntimeTestSupport
import Testing

/// Persisted queries end to end with the lottery's generated operations and its checked-in manifest, against the
/// Python reference backend on graphql-core (a real peer from outside; it serves the lottery): the id alone and one
/// fallback, a hit the second time, `GET` for queries only, a cached `GET` answer, the manifest of trusted documents, a
/// document changed without regenerating the manifest, and the bytes each request puts on the wire. The runtime's own
/// tests of the same, against its test server, are `Tests/GraphQLBridgeTests/PersistedQueries`; the embedded
/// backend's persisted queries are `LotteryBackendTests.PersistedQueryEndpointTests`.
@Suite("Persisted queries against the reference backend", .serialized)
struct PersistedQueriesTests {
    /// The manifest the generator writes next to `graphql-codegen.json` (`"persistedQueries"`).
    static func manifestURL() throws -> URL {
        try ReferenceBackend.repositoryRoot().appendingPathComponent(
            "Sources/LotteryAPI/graphql/persisted-query-manifest.json")
    }

    /// A backend under test: its GraphQL endpoint and a way to stop it.
    struct Backend {
        let name: String
        let url: URL
        let stop: @Sendable () -> Void
    }

    /// The reference backend with automatic persisted queries or trusted documents.
    static func backends(trusted: Bool, cacheMaxAge: Int? = nil) async throws -> [Backend] {
        var options = ReferenceBackendOptions()
        if trusted {
            options.trustedDocumentsManifest = try manifestURL()
        } else {
            options.automaticPersistedQueries = true
        }
        if let cacheMaxAge { options.additionalArguments = ["--cache-max-age", String(cacheMaxAge)] }
        let reference = try await ReferenceBackend.start(options)
        return [Backend(name: "reference", url: reference.graphQLURL, stop: { reference.stop() })]
    }

    static func client(
        _ backend: Backend, _ persistedQueries: PersistedQueries, recorder: WireRecorder, cache: GraphQLCache? = nil
    ) -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: backend.url, middlewares: [recorder], cache: cache, persistedQueries: persistedQueries)
    }

    @Test("the generated ids are the SHA-256 of the documents sent, and the checked-in manifest lists them")
    func generatedIdentifiers() throws {
        /// The runtime's own hash of a document (what a hand-written operation gets).
        struct Copy<Original: GraphQLOperation>: GraphQLQuery {
            typealias Data = Original.Data
            static var operationName: String { Original.operationName }
            static var document: String { Original.document }
        }
        let manifest = try JSONValue(parsing: Data(contentsOf: Self.manifestURL()))
        #expect(manifest["format"] == .string("apollo-persisted-query-manifest"))
        #expect(manifest["version"] == .number("1"))
        guard case .array(let entries)? = manifest["operations"] else {
            Issue.record("the manifest has no operations")
            return
        }
        var listed: [String: (body: String, name: String, type: String)] = [:]
        for entry in entries {
            guard let id = entry["id"]?.stringValue, let body = entry["body"]?.stringValue,
                let name = entry["name"]?.stringValue, let type = entry["type"]?.stringValue
            else {
                Issue.record("an entry without id, body, name and type: \(entry.jsonText)")
                continue
            }
            listed[id] = (body, name, type)
        }
        func check<Operation: GraphQLOperation>(_ type: Operation.Type) {
            #expect(Operation.operationIdentifier == Copy<Operation>.operationIdentifier, "\(Operation.operationName)")
            #expect(listed[Operation.operationIdentifier]?.body == Operation.document, "\(Operation.operationName)")
            #expect(listed[Operation.operationIdentifier]?.name == Operation.operationName)
            #expect(listed[Operation.operationIdentifier]?.type == Operation.operationType.rawValue)
        }
        check(GameQuery.self)
        check(GamesQuery.self)
        check(GameIDsQuery.self)
        check(DrawQuery.self)
        check(DrawsQuery.self)
        check(ImageQuery.self)
        check(SetFavoriteMutation.self)
        check(DrawUpdatedSubscription.self)
        check(DrawScreenQuery.self)
        #expect(listed.count == 9)
        #expect(ChangedGameQuery.operationIdentifier != GameQuery.operationIdentifier)
    }

    @Test("automatic: the id alone, the document once on PersistedQueryNotFound, then the id alone hits")
    func automatic() async throws {
        for backend in try await Self.backends(trusted: false) {
            defer { backend.stop() }
            let recorder = WireRecorder()
            let client = Self.client(backend, .automatic(), recorder: recorder)
            let plain = try await GraphQLHTTPClient(endpoint: backend.url).execute(GameQuery(id: "6x45"))
            let first = try await client.execute(GameQuery(id: "6x45"))
            let second = try await client.execute(GameQuery(id: "6x45"))
            #expect(first.data == plain.data, "\(backend.name)")
            #expect(second.data == plain.data, "\(backend.name)")
            #expect(first.data?.game?.id == "6x45")
            #expect(recorder.shapes == ["POST id", "POST document+id", "POST id"], "\(backend.name)")
            #expect(recorder.requests.allSatisfy { $0.hash == GameQuery.operationIdentifier })
            // Another client (another app launch) finds the id registered: no fallback.
            recorder.reset()
            _ = try await Self.client(backend, .automatic(), recorder: recorder).execute(GameQuery(id: "6x45"))
            #expect(recorder.shapes == ["POST id"], "\(backend.name)")
        }
    }

    @Test("GET for queries: queries by GET (the fallback by POST), the mutation always by POST")
    func getForQueries() async throws {
        for backend in try await Self.backends(trusted: false) {
            defer { backend.stop() }
            let recorder = WireRecorder()
            let client = Self.client(backend, .automatic(useGETForQueries: true), recorder: recorder)
            let games = try await client.execute(GamesQuery(activeOnly: false), errorPolicy: .returnPartialData)
            #expect(games.data?.games.isEmpty == false)
            _ = try await client.execute(GamesQuery(activeOnly: false), errorPolicy: .returnPartialData)
            let draws = try await client.execute(DrawsQuery(gameId: "6x45", last: 3))
            #expect(draws.data?.draws.count == 3)
            _ = try await client.execute(DrawsQuery(gameId: "6x45", last: 3))
            let favorite = try await client.execute(SetFavoriteMutation(gameId: "6x45", favorite: true))
            #expect(favorite.data?.setFavorite.isFavorite == true)
            _ = try await client.execute(SetFavoriteMutation(gameId: "6x45", favorite: false))
            #expect(
                recorder.shapes == [
                    "GET id", "POST document+id", "GET id",  // GamesQuery: not found, registered, hit
                    "GET id", "POST document+id", "GET id",  // DrawsQuery
                    "POST id", "POST document+id", "POST id",  // SetFavoriteMutation: never GET
                ], "\(backend.name)")
        }
    }

    @Test("a GET answer's Cache-Control works with the cache as a POST answer's does")
    func getWithCache() async throws {
        for backend in try await Self.backends(trusted: false, cacheMaxAge: 30) {
            defer { backend.stop() }
            // Registers the document (as an earlier launch would have).
            _ = try await Self.client(backend, .automatic(), recorder: WireRecorder()).execute(
                ImageQuery(id: "logo-6x45"))
            let recorder = WireRecorder()
            let cache = GraphQLCache(maxAge: .zero)
            let client = Self.client(backend, .automatic(useGETForQueries: true), recorder: recorder, cache: cache)
            let first = try await client.execute(ImageQuery(id: "logo-6x45"))
            #expect(first.source == .server)
            #expect(first.httpResponse.headers["Cache-Control"] == "max-age=30")
            let second = try await client.execute(ImageQuery(id: "logo-6x45"))
            #expect(second.source == .cache, "\(backend.name): served from the GET answer's max-age")
            #expect(second.data == first.data)
            #expect(recorder.shapes == ["GET id"], "\(backend.name)")
        }
    }

    @Test("trusted documents from the generated manifest: ids only; a changed document is the typed error")
    func registeredOnly() async throws {
        for backend in try await Self.backends(trusted: true) {
            defer { backend.stop() }
            let recorder = WireRecorder()
            let client = Self.client(backend, .registeredOnly(useGETForQueries: true), recorder: recorder)
            let plain = try await GraphQLHTTPClient(endpoint: backend.url).execute(GameQuery(id: "6x45"))
            #expect(try await client.execute(GameQuery(id: "6x45")).data == plain.data)
            #expect(try await client.execute(DrawsQuery(gameId: "6x45", last: 2)).data?.draws.count == 2)
            #expect(try await client.execute(ImageQuery(id: "logo-6x45")).data?.image?.id == "logo-6x45")
            let written = try await client.execute(SetFavoriteMutation(gameId: "6x45", favorite: true))
            #expect(written.data?.setFavorite.isFavorite == true)
            _ = try await client.execute(SetFavoriteMutation(gameId: "6x45", favorite: false))
            #expect(recorder.shapes == ["GET id", "GET id", "GET id", "POST id", "POST id"], "\(backend.name)")

            recorder.reset()
            do {
                _ = try await client.execute(ChangedGameQuery(id: "6x45"))
                Issue.record("\(backend.name): a document missing from the manifest ran")
            } catch {
                guard case .persistedQueryNotRegistered(let operation, let identifier, let message) = error else {
                    Issue.record("\(backend.name): expected persistedQueryNotRegistered, got \(error)")
                    continue
                }
                #expect(operation == "Game")
                #expect(identifier == ChangedGameQuery.operationIdentifier)
                #expect(message.contains("PERSISTED_QUERY_NOT_FOUND"))
                #expect(error.description.contains("manifest") && error.description.contains("out of date"))
            }
            #expect(recorder.shapes == ["GET id"], "\(backend.name): never a document")

            // A client without persisted queries sends the changed document itself: not in the list.
            do {
                _ = try await GraphQLHTTPClient(endpoint: backend.url).execute(ChangedGameQuery(id: "6x45"))
                Issue.record("\(backend.name): a document missing from the manifest ran")
            } catch {
                #expect(error.graphQLErrors.first?.code == "PERSISTED_QUERY_NOT_IN_LIST", "\(backend.name)")
            }
            // Automatic persisted queries against a trusted-documents server: the same typed error, after one
            // attempt with the document.
            recorder.reset()
            do {
                _ = try await Self.client(backend, .automatic(), recorder: recorder).execute(
                    ChangedGameQuery(id: "6x45"))
                Issue.record("\(backend.name): a document missing from the manifest ran")
            } catch {
                if case .persistedQueryNotRegistered = error {} else { Issue.record("\(backend.name): \(error)") }
            }
            #expect(recorder.shapes == ["POST id", "POST document+id"], "\(backend.name)")
        }
    }

    @Test("bytes per request: the id alone is a fraction of the whole document, by POST and by GET")
    func bytesPerRequest() async throws {
        for backend in try await Self.backends(trusted: true) {
            defer { backend.stop() }
            let recorder = WireRecorder()
            _ = try await Self.client(backend, .disabled, recorder: recorder).execute(GameQuery(id: "6x45"))
            _ = try await Self.client(backend, .registeredOnly, recorder: recorder).execute(GameQuery(id: "6x45"))
            _ = try await Self.client(backend, .registeredOnly(useGETForQueries: true), recorder: recorder)
                .execute(GameQuery(id: "6x45"))
            let requests = recorder.requests
            #expect(requests.map(\.shape) == ["POST document", "POST id", "GET id"])
            let full = requests[0].body.count
            let idOnly = requests[1].body.count
            let url = requests[2].url.absoluteString.utf8.count
            #expect(full > GameQuery.document.utf8.count)
            #expect(idOnly < full / 3, "\(backend.name): \(idOnly) bytes with the id, \(full) with the document")
            #expect(requests[2].body.isEmpty && url < full, "\(backend.name): a \(url)-byte URL")
        }
    }
}
