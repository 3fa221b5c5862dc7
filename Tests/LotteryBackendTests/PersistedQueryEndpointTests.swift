import Foundation
import GraphQLCodegen
import GraphQLServer
import Testing

@testable import LotteryBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The embedded backend's persisted queries, as the contract describes them: automatic persisted queries
/// (`PersistedQueryNotFound` until the document comes with its id), trusted documents from a manifest
/// (`PersistedQueryNotInList`), queries by `GET` (mutations `POST` only), and the counts tests read.
@Suite("GraphQL endpoint: persisted queries and GET")
struct PersistedQueryEndpointTests {
    static let document = #"query Logo{image(id:"logo-6x45"){id width}}"#
    static let mutation = #"mutation Fav{setFavorite(gameId:"6x45",favorite:true){id isFavorite}}"#

    static func identifier(_ document: String) -> String { PersistedQueryManifest.identifier(of: document) }

    static func extensions(_ document: String, version: String = "1") -> JSONValue {
        .object([
            (
                "persistedQuery",
                .object([("version", .number(version)), ("sha256Hash", .string(identifier(document)))])
            )
        ])
    }

    /// `POST /graphql` with the given members.
    static func post(_ server: EmbeddedLotteryServer, _ members: [(String, JSONValue)]) async throws -> TestResponse {
        try await TestSupport.postGraphQL(server, body: JSONValue.object(members).serialized())
    }

    /// `GET /graphql?...` with the given (unencoded) parameters.
    static func get(_ server: EmbeddedLotteryServer, _ parameters: [(String, String)]) async throws -> TestResponse {
        var components = try #require(URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false))
        components.percentEncodedQuery = parameters.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
        }.joined(separator: "&")
        var request = URLRequest(url: try #require(components.url))
        request.setValue(TestSupport.graphQLAccept, forHTTPHeaderField: "Accept")
        return try await TestSupport.send(request)
    }

    static let logo = JSONValue.object([
        ("data", .object([("image", .object([("id", .string("logo-6x45")), ("width", .number("128"))]))]))
    ])

    @Test("automatic: an unknown id is PersistedQueryNotFound (200); with the document it runs and is stored")
    func automatic() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(persistedQueries: .automatic))
        defer { server.stop() }
        let extensions = Self.extensions(Self.document)

        let unknown = try await Self.post(server, [("extensions", extensions)])
        #expect(unknown.status == 200)
        #expect(try unknown.json()[path: "errors", 0, "message"] == .string("PersistedQueryNotFound"))
        #expect(try unknown.json()[path: "errors", 0, "extensions", "code"] == .string("PERSISTED_QUERY_NOT_FOUND"))
        #expect(try unknown.json()["data"] == nil)

        let registering = try await Self.post(server, [("query", .string(Self.document)), ("extensions", extensions)])
        #expect(try registering.json() == Self.logo)

        let hit = try await Self.post(server, [("extensions", extensions)])
        #expect(try hit.json() == Self.logo)
        let byGET = try await Self.get(
            server,
            [("operationName", "Logo"), ("extensions", String(decoding: extensions.serialized(), as: UTF8.self))])
        #expect(byGET.status == 200)
        #expect(try byGET.json() == Self.logo)

        let counts = server.graphQLRequestCounts
        #expect(counts.requests == 4)
        #expect(counts.posts == 3 && counts.gets == 1)
        #expect(counts.idOnly == 3, "three requests carried the id alone")
        #expect(counts.withDocument == 1)
        #expect(counts.notFound == 1)
        #expect(counts.registered == 1)
        #expect(counts.persistedHits == 2)
        #expect(counts.bytesReceived > 0)
    }

    @Test("automatic: a hash that is not the document's, a wrong version or a malformed hash is a request error")
    func automaticRequestErrors() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(persistedQueries: .automatic))
        defer { server.stop() }
        let mismatch = try await Self.post(
            server, [("query", .string(Self.document)), ("extensions", Self.extensions("{ __typename }"))])
        #expect(mismatch.status == 400)
        #expect(try mismatch.json()[path: "errors", 0, "message"] == .string("provided sha does not match query"))
        #expect(server.graphQLRequestCounts.registered == 0, "nothing was stored under a wrong id")
        let version = try await Self.post(server, [("extensions", Self.extensions(Self.document, version: "2"))])
        #expect(version.status == 400)
        let malformed = JSONValue.object([
            ("persistedQuery", .object([("version", .number("1")), ("sha256Hash", .string("ABC"))]))
        ])
        #expect(try await Self.post(server, [("extensions", malformed)]).status == 400)
        #expect(try await Self.post(server, [("extensions", .string("x"))]).status == 400)
    }

    @Test("trusted documents: the manifest's documents run by id or in full; any other is not in the list")
    func trustedDocuments() async throws {
        let manifest = """
            {"format": "apollo-persisted-query-manifest", "version": 1, "operations": [
              {"id": "\(Self.identifier(Self.document))", "body": \(String(decoding: JSONValue.string(Self.document).serialized(), as: UTF8.self)),
               "name": "Logo", "type": "query"}]}
            """
        let mode = try PersistedQueryMode.trustedDocuments(manifest: Data(manifest.utf8))
        let server = try TestSupport.startServer(EmbeddedBackendOptions(persistedQueries: mode))
        defer { server.stop() }

        #expect(try await Self.post(server, [("extensions", Self.extensions(Self.document))]).json() == Self.logo)
        #expect(try await Self.post(server, [("query", .string(Self.document))]).json() == Self.logo)

        let other = try await Self.post(server, [("query", .string("{ __typename }"))])
        #expect(other.status == 200)
        #expect(try other.json()[path: "errors", 0, "extensions", "code"] == .string("PERSISTED_QUERY_NOT_IN_LIST"))
        #expect(try other.json()[path: "errors", 0, "message"] == .string("PersistedQueryNotInList"))
        let otherWithID = try await Self.post(
            server, [("query", .string("{ __typename }")), ("extensions", Self.extensions("{ __typename }"))])
        #expect(try otherWithID.json()[path: "errors", 0, "message"] == .string("PersistedQueryNotInList"))
        let unknownID = try await Self.post(server, [("extensions", Self.extensions("{ __typename }"))])
        #expect(try unknownID.json()[path: "errors", 0, "message"] == .string("PersistedQueryNotFound"))

        let counts = server.graphQLRequestCounts
        #expect(counts.notInList == 2 && counts.notFound == 1 && counts.persistedHits == 1 && counts.registered == 0)
    }

    @Test("a manifest whose id is not its body's SHA-256, or that is not a manifest, is refused with the reason")
    func badManifests() throws {
        let wrongID =
            #"{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id":"00","body":"{a}"}]}"#
        #expect(throws: PersistedQueryManifestError.self) {
            try PersistedQueryMode.trustedDocuments(manifest: Data(wrongID.utf8))
        }
        do {
            _ = try PersistedQueryMode.trustedDocuments(manifest: Data(#"{"operations":[]}"#.utf8))
            Issue.record("a manifest without its format was accepted")
        } catch {
            #expect(error.description.contains("apollo-persisted-query-manifest"))
        }
    }

    @Test("disabled (the default): a document runs; an id alone is PersistedQueryNotSupported")
    func disabled() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        #expect(
            try await Self.post(
                server, [("query", .string(Self.document)), ("extensions", Self.extensions(Self.document))]
            )
            .json() == Self.logo)
        let idOnly = try await Self.post(server, [("extensions", Self.extensions(Self.document))])
        #expect(try idOnly.json()[path: "errors", 0, "extensions", "code"] == .string("PERSISTED_QUERY_NOT_SUPPORTED"))
    }

    @Test("GET runs queries (with variables, and Cache-Control); a mutation by GET is 405 and changes nothing")
    func getForQueriesOnly() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(cacheMaxAge: 30))
        defer { server.stop() }
        let query = try await Self.get(
            server,
            [
                ("query", "query Logo($id: ID!) { image(id: $id) { id width } }"), ("operationName", "Logo"),
                ("variables", #"{"id":"logo-6x45"}"#),
            ])
        #expect(query.status == 200)
        #expect(try query.json() == Self.logo)
        #expect(query.headers["cache-control"] == "max-age=30")

        let mutation = try await Self.get(server, [("query", Self.mutation)])
        #expect(mutation.status == 405)
        #expect(mutation.headers["allow"] == "POST")
        let read = try await TestSupport.graphQL(server, #"{ game(id: "6x45") { isFavorite } }"#)
        #expect(try read.json()[path: "data", "game", "isFavorite"] == .bool(false), "the GET changed nothing")

        let badVariables = try await Self.get(server, [("query", Self.document), ("variables", "{nope")])
        #expect(badVariables.status == 400)
        #expect(server.graphQLRequestCounts.gets == 3)
    }
}
