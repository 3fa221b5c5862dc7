import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// What the client sends with persisted queries (``PersistedQueries``): the id alone, the document once after
/// `PersistedQueryNotFound`, `GET` for queries only, and the typed error of a registered-only id the server does not
/// know. Against a ``MockTransport``, which records every request.
@Suite("Persisted queries: the client's requests")
struct PersistedQueriesClientTests {
    /// `{"errors":[...]}` as a server refusing a persisted query writes it.
    static func refusal(message: String, code: String?) -> String {
        let extensions = code.map { #","extensions":{"code":"\#($0)"}"# } ?? ""
        return #"{"errors":[{"message":"\#(message)"\#(extensions)}]}"#
    }

    static func client(_ transport: MockTransport, _ persistedQueries: PersistedQueries) -> GraphQLHTTPClient {
        GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, persistedQueries: persistedQueries)
    }

    /// A mutation written as the generator writes one.
    struct RenameMutation: GraphQLMutation {
        static let operationName = "Rename"
        static let document = "mutation Rename($id:ID!){rename(id:$id){name}}"
        var id: GraphQLID
        var variables: [String: String] { ["id": id] }

        struct Data: Decodable, Sendable, Hashable {
            let rename: Renamed?
            struct Renamed: Decodable, Sendable, Hashable { let name: String }
        }
    }

    @Test("a hand-written operation's id is the SHA-256 of its document, lowercase hex, computed once")
    func handWrittenIdentifier() {
        // printf 'query Ping{ping level}' | sha256sum
        #expect(PingQuery.operationIdentifier == "49b448e52400d3d634aec9dc8b940d216857cca5f4351aba167cb3abb6f48e3f")
        #expect(PingQuery.operationIdentifier == PingQuery.operationIdentifier)
        #expect(ItemQuery.operationIdentifier != PingQuery.operationIdentifier)
        #expect(ItemQuery.operationIdentifier.count == 64)
        #expect(ItemQuery.operationIdentifier.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test("automatic: the id alone first; on PersistedQueryNotFound the document once; then the id alone again")
    func automaticFallsBackOnce() async throws {
        let transport = MockTransport()
        transport.enqueue(body: Self.refusal(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND"))
        transport.enqueue(data: #"{"item":{"name":"six","count":"9007199254740993"}}"#)
        transport.enqueue(data: #"{"item":{"name":"six","count":1}}"#)
        let client = Self.client(transport, .automatic())

        let first = try await client.execute(ItemQuery(id: "6x45", limit: 5))
        #expect(first.data?.item?.count == 9_007_199_254_740_993)
        let second = try await client.execute(ItemQuery(id: "6x45", limit: 5))
        #expect(second.data?.item?.count == 1)

        let requests = transport.requests
        #expect(requests.count == 3)
        #expect(requests.map(\.request.method) == ["POST", "POST", "POST"])
        let expectedExtensions = JSONValue.object([
            "persistedQuery": .object([
                "version": .number("1"), "sha256Hash": .string(ItemQuery.operationIdentifier),
            ])
        ])
        for request in requests {
            #expect(request.extensions == expectedExtensions)
            #expect(request.operationName == "Item")
            #expect(request.variables == .object(["id": .string("6x45"), "limit": .number("5")]))
            #expect(request.header("Content-Type") == "application/json")
        }
        #expect(requests[0].query == nil, "the first request carries the id alone")
        #expect(requests[1].query == ItemQuery.document, "the fallback carries the document and the id")
        #expect(requests[2].query == nil, "later requests carry the id alone")
        #expect(requests[0].body.count < requests[1].body.count)
    }

    @Test(
        "automatic: a refusal is recognised by its message alone or by its code alone",
        arguments: [("PersistedQueryNotFound", nil), ("Persisted query not found", "PERSISTED_QUERY_NOT_FOUND")])
    func refusalByMessageOrCode(message: String, code: String?) async throws {
        let transport = MockTransport()
        transport.enqueue(body: Self.refusal(message: message, code: code))
        transport.enqueue(data: #"{"ping":"pong","level":1}"#)
        let result = try await Self.client(transport, .automatic()).execute(PingQuery())
        #expect(result.data?.ping == "pong")
        #expect(transport.requests.count == 2)
        #expect(transport.requests.map { $0.query == nil } == [true, false])
    }

    @Test("automatic: the fallback is sent once only; a second refusal is the server's GraphQL error")
    func fallsBackOnlyOnce() async throws {
        let transport = MockTransport()
        let refusal = Self.refusal(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND")
        transport.setHandler { _, _ in
            (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), Data(refusal.utf8))
        }
        let error = await executionError(Self.client(transport, .automatic()), PingQuery())
        #expect(transport.requests.count == 2)
        guard case .graphQL(_, _, let errors)? = error else {
            Issue.record("expected the server's GraphQL error, got \(String(describing: error))")
            return
        }
        #expect(errors.first?.code == "PERSISTED_QUERY_NOT_FOUND")
    }

    @Test("automatic: other errors are not retried")
    func otherErrorsAreNotRetried() async throws {
        let transport = MockTransport()
        transport.enqueue(data: nil, errors: [GraphQLError(message: "Cannot query field \"pong\" on type \"Query\".")])
        let error = await executionError(Self.client(transport, .automatic()), PingQuery())
        #expect(transport.requests.count == 1)
        #expect(error?.graphQLErrors.first?.message == "Cannot query field \"pong\" on type \"Query\".")
    }

    @Test("registeredOnly: ids only, never a document; an unknown id is a typed error naming the operation")
    func registeredOnly() async throws {
        for (message, code) in [
            ("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"),
            ("PersistedQueryNotInList", "PERSISTED_QUERY_NOT_IN_LIST"),
        ] {
            let transport = MockTransport()
            transport.enqueue(data: #"{"ping":"pong","level":1}"#)
            transport.enqueue(body: Self.refusal(message: message, code: code))
            let client = Self.client(transport, .registeredOnly)
            #expect(try await client.execute(PingQuery()).data?.ping == "pong")
            let error = await executionError(client, PingQuery())
            #expect(transport.requests.count == 2, "no document is ever sent")
            #expect(transport.requests.allSatisfy { $0.query == nil && $0.persistedQueryHash != nil })
            #expect(
                error
                    == .persistedQueryNotRegistered(
                        operation: "Ping", operationIdentifier: PingQuery.operationIdentifier,
                        serverMessage: "\(message) [\(code)]"))
            let text = error?.description ?? ""
            #expect(text.hasPrefix("Ping: "))
            #expect(text.contains(PingQuery.operationIdentifier))
            #expect(text.contains("manifest") && text.contains("out of date"))
            #expect(error?.operation == "Ping")
        }
    }

    @Test("automatic against a trusted-documents server: a document not in its list is the typed error")
    func automaticNotInList() async throws {
        let transport = MockTransport()
        transport.enqueue(body: Self.refusal(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND"))
        transport.enqueue(body: Self.refusal(message: "PersistedQueryNotInList", code: "PERSISTED_QUERY_NOT_IN_LIST"))
        let error = await executionError(Self.client(transport, .automatic()), PingQuery())
        #expect(transport.requests.count == 2)
        guard case .persistedQueryNotRegistered(let operation, let identifier, _)? = error else {
            Issue.record("expected persistedQueryNotRegistered, got \(String(describing: error))")
            return
        }
        #expect(operation == "Ping" && identifier == PingQuery.operationIdentifier)
    }

    @Test("GET for queries: the id and variables in the URL, percent-encoded; mutations always POST")
    func getForQueriesOnly() async throws {
        let transport = MockTransport()
        transport.setHandler { request, _ in
            let data = request.method == "GET" ? #"{"item":{"name":"a+b","count":2}}"# : #"{"rename":{"name":"x"}}"#
            return (HTTPResponse(status: 200), GraphQLResponseFixture.body(data: data))
        }
        let client = Self.client(transport, .automatic(useGETForQueries: true))
        let item = try await client.execute(ItemQuery(id: "a+b &c=d#e", limit: 5))
        #expect(item.data?.item?.name == "a+b")
        _ = try await client.execute(RenameMutation(id: "1"))

        let get = try #require(transport.requests.first)
        #expect(get.request.method == "GET")
        #expect(get.body.isEmpty)
        #expect(get.header("Content-Type") == nil)
        #expect(get.header("X-Apollo-Operation-Name") == "Item")
        let query = try #require(get.request.url.query)
        // Only RFC 3986's unreserved characters stay as they are: '+', '&', '=', '#' and the JSON punctuation do not.
        #expect(!query.contains("+") && !query.contains("#") && !query.contains("{") && !query.contains("\""))
        #expect(get.request.url.path == "/graphql")
        #expect(get.operationName == "Item")
        #expect(get.variables == .object(["id": .string("a+b &c=d#e"), "limit": .number("5")]))
        #expect(get.persistedQueryHash == ItemQuery.operationIdentifier)
        #expect(get.query == nil)

        let post = try #require(transport.requests.last)
        #expect(post.request.method == "POST", "mutations are never sent by GET")
        #expect(post.persistedQueryHash == RenameMutation.operationIdentifier)
        #expect(post.query == nil)
    }

    @Test("GET: a query without variables leaves them out; the endpoint's own query parameters stay")
    func getURLShape() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"ping":"pong","level":1}"#)
        let endpoint = try #require(URL(string: "https://api.example/graphql?tenant=a"))
        let client = GraphQLHTTPClient(
            endpoint: endpoint, transport: transport, persistedQueries: .automatic(useGETForQueries: true))
        _ = try await client.execute(PingQuery())
        let url = try #require(transport.lastRequest?.request.url)
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(items.map(\.name) == ["tenant", "operationName", "extensions"])
        #expect(items.first?.value == "a")
    }

    @Test("GET: variables that do not fit the URL go by POST")
    func longVariablesGoByPOST() async throws {
        let transport = MockTransport()
        transport.setHandler { _, _ in
            (HTTPResponse(status: 200), GraphQLResponseFixture.body(data: #"{"item":null}"#))
        }
        var settings = PersistedQueries.automatic(useGETForQueries: true)
        settings.maximumURLLength = 400
        let client = Self.client(transport, settings)
        _ = try await client.execute(ItemQuery(id: String(repeating: "x", count: 20)))
        _ = try await client.execute(ItemQuery(id: String(repeating: "x", count: 300)))
        let requests = transport.requests
        #expect(requests.map(\.request.method) == ["GET", "POST"])
        #expect(requests[0].request.url.absoluteString.utf8.count <= 400)
        #expect(requests[1].query == nil, "still the id alone")
        #expect(requests[1].variables?["id"] == .string(String(repeating: "x", count: 300)))
        // The default limit: 2,048 bytes.
        #expect(PersistedQueries.automatic(useGETForQueries: true).maximumURLLength == 2_048)
    }

    @Test("registeredOnly with GET: ids only, by GET for queries")
    func registeredOnlyGET() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"ping":"pong","level":1}"#)
        _ = try await Self.client(transport, .registeredOnly(useGETForQueries: true)).execute(PingQuery())
        #expect(transport.lastRequest?.request.method == "GET")
        #expect(transport.lastRequest?.persistedQueryHash == PingQuery.operationIdentifier)
    }

    @Test("disabled (the default): the document by POST, no extensions, as before")
    func disabledIsUnchanged() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"ping":"pong","level":1}"#)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport)
        #expect(client.persistedQueries == .disabled)
        _ = try await client.execute(PingQuery())
        let request = try #require(transport.lastRequest)
        #expect(request.request.method == "POST")
        #expect(request.query == PingQuery.document)
        #expect(request.extensions == nil)
        #expect(client.withEndpoint(testEndpoint).persistedQueries == .disabled)
        let automatic = Self.client(transport, .automatic())
        #expect(automatic.withEndpoint(testEndpoint).persistedQueries == .automatic())
    }

    @Test("a body that merely mentions the words is not a refusal")
    func dataMentioningTheCodeIsNotARefusal() async throws {
        let transport = MockTransport()
        transport.enqueue(data: #"{"ping":"PersistedQueryNotFound","level":1}"#)
        let result = try await Self.client(transport, .automatic()).execute(PingQuery())
        #expect(result.data?.ping == "PersistedQueryNotFound")
        #expect(transport.requests.count == 1)
    }
}
