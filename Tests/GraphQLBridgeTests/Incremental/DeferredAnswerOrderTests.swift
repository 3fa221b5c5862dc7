import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import RuntimeTestSupport
import Testing

/// An answer read as its parts arrive (`@defer`, over a streaming transport) is ordered against the cache's other
/// answers as a whole answer is (issue 28, seed 714352's rule): a request sent before another at the same store version
/// whose value lands first cannot be told from one the server computed last, so what the cache keeps is stale.
@Suite("Incremental delivery: a deferred answer's place among the cache's answers")
struct DeferredAnswerOrderTests {
    /// The product's name, deferred.
    struct DeferredName: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "DeferredName"
        static let document = """
            query DeferredName { product(id: "p1") { __typename id ... @defer { name } } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = IncrementalStreamingClientTests.metadata(
            ["__typename", "id", "name"])
    }

    /// The product's name, whole.
    typealias ProductName = IncrementalStreamingClientTests.ProductName

    /// Renames p1.
    struct RenameProduct: GraphQLMutation {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "RenameProduct"
        static let document = """
            mutation RenameProduct { renameProduct(id: "p1", name: "New") { __typename id name } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Mutation",
                [
                    GraphQLFieldMetadata(
                        "renameProduct",
                        arguments: ["id": .literal(.string("p1")), "name": .literal(.string("New"))],
                        selections: GraphQLSelectionSetMetadata(
                            typeName: "Product", ["__typename", "id", "name"].map { GraphQLFieldMetadata($0) }))
                ]))
    }

    /// Answers `ProductName` at once with ``name``, holds `RenameProduct`'s answer until ``releaseRename()``, and
    /// streams `DeferredName`'s parts as the test pushes them (``push(_:)``).
    final class Server: GraphQLTransport, GraphQLStreamingTransport, Sendable {
        let name = Locked("Old")
        let sent = Locked<[String]>([])
        private let renameReleased = Locked(false)
        private let parts = Locked<AsyncThrowingStream<Data, any Error>.Continuation?>(nil)

        func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
            sent.withLock { $0.append(operationName) }
            let data: String
            if operationName == "RenameProduct" {
                try await waitUntil("the test releases the rename's answer") { self.renameReleased.value }
                data = #"{"renameProduct":{"__typename":"Product","id":"p1","name":"New"}}"#
            } else {
                data = #"{"product":{"__typename":"Product","id":"p1","name":"\#(name.value)"}}"#
            }
            let head = HTTPResponse(
                status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType])
            return (head, Data(#"{"data":\#(data)}"#.utf8))
        }

        func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws
            -> GraphQLStreamingResponse
        {
            sent.withLock { $0.append("stream") }
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            parts.withLock { $0 = continuation }
            var head = HTTPResponse(status: 200)
            head.headers["Content-Type"] = "multipart/mixed; boundary=\"-\"; incrementalSpec=v0.2"
            return GraphQLStreamingResponse(head: head, body: stream) { continuation.finish() }
        }

        func releaseRename() { renameReleased.withLock { $0 = true } }

        /// Sends one part of the streamed answer (the last one ends the body).
        func push(_ payload: String, last: Bool) {
            var piece = Data("\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n\(payload)\r\n".utf8)
            if last { piece.append(Data("-----\r\n".utf8)) }
            parts.withLock { continuation in
                continuation?.yield(piece)
                if last { continuation?.finish() }
            }
        }
    }

    @Test("a deferred refetch sent before a rename whose name lands first is not served fresh after the rename lands")
    func deferredRefetchSentBeforeRename() async throws {
        let server = Server()
        let endpoint = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = GraphQLHTTPClient(endpoint: endpoint, transport: server, cache: cache)
        _ = try await client.execute(ProductName(), fetchPolicy: .serverOnly)

        // The deferred refetch is sent first; the rename next, at the same store version (nothing written between).
        let reading = Task { () -> [GraphQLBridge.JSONValue?] in
            var states = client.watch(DeferredName(), fetchPolicy: .serverOnly).makeAsyncIterator()
            var seen: [GraphQLBridge.JSONValue?] = []
            while let state = try await states.next() {
                seen.append(state.data?["product"]?["name"])
                if state.hasNext == false { break }
            }
            return seen
        }
        try await waitUntil("the deferred query is sent") { server.sent.value.contains("stream") }
        let rename = Task { try await client.execute(RenameProduct()) }
        try await waitUntil("the rename is sent") { server.sent.value.contains("RenameProduct") }

        // The server computed the refetch first ("Middle", set by someone else), the rename after it; the refetch's
        // parts land first.
        server.push(
            #"{"data":{"product":{"__typename":"Product","id":"p1"}},"pending":[{"id":"0","path":["product"]}],"hasNext":true}"#,
            last: false)
        server.push(
            #"{"incremental":[{"id":"0","data":{"name":"Middle"}}],"completed":[{"id":"0"}],"hasNext":false}"#,
            last: true)
        let seen = try await reading.value
        #expect(seen.last == .string("Middle"), "\(seen)")
        server.releaseRename()
        _ = try await rename.value

        // Which of the two the server computed last is not known to the cache: what it keeps is not fresh.
        let read = try await client.execute(ProductName(), fetchPolicy: .cacheOnly)
        #expect(read.isStale, "served as \(read.data?["product"]?["name"]?.jsonText ?? "nil"), fresh")
        server.name.withLock { $0 = "New" }
        let asked = try await client.execute(ProductName())
        #expect(asked.source == .server && asked.data?["product"]?["name"] == .string("New"), "a read asks the server")
    }
}
