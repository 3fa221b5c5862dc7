import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryBackend

/// The `persisted` benchmark: the bytes each LotteryAPI operation puts on the wire, per request, sent with its whole
/// document (`POST`, the default), with its persisted-query id alone by `POST`, and with the id alone by `GET`
/// (queries only), through `GraphQLHTTPClient` and `URLSessionTransport` against the embedded backend with automatic
/// persisted queries (each document registered once beforehand). Measured twice: what the client hands the
/// transport (body, and URL for a `GET`), and what the server received (request line, header fields and body, as
/// `EmbeddedLotteryServer.graphQLRequestCounts.bytesReceived` counts them). Bytes do not vary between runs.
enum PersistedQueryBenchmark {
    /// Records the body and URL of each request the client sends.
    final class Sizes: GraphQLMiddleware, @unchecked Sendable {
        // @unchecked: `last` is only read or written while `lock` is held.
        private let lock = NSLock()
        private var last = (body: 0, url: 0)

        func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
            -> (HTTPResponse, Data)
        {
            lock.withLock { last = (body.count, request.url.absoluteString.utf8.count) }
            return try await next(request, body, operationName)
        }

        var value: (body: Int, url: Int) { lock.withLock { last } }
    }

    /// One operation's figures.
    struct Row {
        var name: String
        var document: Int
        /// Per mode: the body (or URL) the client sent, and the bytes the server received.
        var full: (client: Int, server: Int)
        var idPOST: (client: Int, server: Int)
        var idGET: (client: Int, server: Int)?
    }

    /// Runs the benchmark; 0 unless a request failed.
    static func run(options: BenchmarkOptions) -> Int32 {
        print("== persisted ==")
        let server: EmbeddedLotteryServer
        do {
            server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(persistedQueries: .automatic))
        } catch {
            print("cannot start the embedded backend: \(error)")
            return 2
        }
        defer { server.stop() }
        return CacheBenchmark.blocking { await measure(server) }
    }

    static func measure(_ server: EmbeddedLotteryServer) async -> Int32 {
        var rows: [Row] = []
        do {
            rows.append(try await row(GameQuery(id: "6x45"), server))
            rows.append(try await row(GamesQuery(type: .none, activeOnly: true), server))
            rows.append(try await row(DrawQuery(gameId: "6x45", number: 12), server))
            rows.append(try await row(DrawsQuery(gameId: "6x45", last: 10), server))
            rows.append(try await row(ImageQuery(id: "logo-6x45"), server))
            rows.append(try await row(SetFavoriteMutation(gameId: "6x45", favorite: false), server))
        } catch {
            print("a request failed: \(error)")
            return 1
        }
        print(
            "workload: each LotteryAPI operation once per mode, URLSessionTransport to the embedded backend "
                + "(automatic persisted queries, documents registered beforehand); bytes per request")
        var table = TextTable(header: [
            "operation", "document", "POST document: body / wire", "POST id: body / wire", "GET id: URL / wire",
            "POST id / document (wire)", "GET id / document (wire)",
        ])
        func ratio(_ part: Int, _ whole: Int) -> String { String(format: "%.2fx", Double(part) / Double(whole)) }
        for row in rows {
            table.rows.append([
                row.name, String(row.document), "\(row.full.client) / \(row.full.server)",
                "\(row.idPOST.client) / \(row.idPOST.server)",
                row.idGET.map { "\($0.client) / \($0.server)" } ?? "(POST only)",
                ratio(row.idPOST.server, row.full.server), row.idGET.map { ratio($0.server, row.full.server) } ?? "",
            ])
        }
        for line in table.lines { print(line) }
        return 0
    }

    /// The three measurements of one operation.
    static func row<Operation: GraphQLOperation>(_ operation: Operation, _ server: EmbeddedLotteryServer)
        async throws -> Row
    {
        let sizes = Sizes()
        func client(_ persisted: PersistedQueries) -> GraphQLHTTPClient {
            GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [sizes], persistedQueries: persisted)
        }
        // Registers the document (automatic persisted queries), unmeasured.
        _ = try await client(.automatic()).execute(operation, errorPolicy: .returnPartialData)
        func measured(_ persisted: PersistedQueries) async throws -> (client: Int, server: Int) {
            let before = server.graphQLRequestCounts
            _ = try await client(persisted).execute(operation, errorPolicy: .returnPartialData)
            let after = server.graphQLRequestCounts
            guard after.requests == before.requests + 1 else { throw TransportError(.other, "not one request") }
            let sent = sizes.value
            return (persisted.useGETForQueries ? sent.url : sent.body, after.bytesReceived - before.bytesReceived)
        }
        let full = try await measured(.disabled)
        let idPOST = try await measured(.registeredOnly)
        let idGET =
            Operation.operationType == .query ? try await measured(.registeredOnly(useGETForQueries: true)) : nil
        return Row(
            name: String(describing: Operation.self), document: Operation.document.utf8.count, full: full,
            idPOST: idPOST, idGET: idGET)
    }
}
