import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP server")
struct HTTPServerTests {
    @Test("Keep-alive: requests one after another on one connection are all answered on it; the server keeps it open")
    func keepAlive() throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        for path in ["/api/v1/games", "/api/v1/games/6x45", "/api/v1/images/logo-6x45", "/api/v1/games/6x45/draws"] {
            try client.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try #require(client.readResponse(), "no response to \(path)")
            #expect(response.status == 200, "GET \(path)")
            #expect(response.headers["connection"] != "close", "GET \(path)")
        }
        let body = #"{"query":"{ __typename }"}"#
        for _ in 0..<3 {
            try client.send(
                "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            let response = try #require(client.readResponse(), "no response to POST /graphql")
            #expect(try JSONParser.parse(response.body)[path: "data", "__typename"] == .string("Query"))
        }
        #expect(server.acceptedConnectionCount == 1)
        #expect(server.openConnectionCount == 1)
    }

    /// Whether URLSession reuses a connection is its pool's choice (libcurl's on Linux may open a second one under
    /// load): this test asserts the answers through one session, and the server's side of keep-alive is `keepAlive`'s.
    @Test("Several requests on one URLSession are answered, whatever connections its pool uses")
    func oneSession() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let session = TestSupport.makeSession()
        for path in ["/api/v1/games", "/api/v1/games/6x45", "/api/v1/images/logo-6x45", "/api/v1/games/6x45/draws"] {
            #expect(try await TestSupport.get(server, path, session: session).status == 200)
        }
        for _ in 0..<3 {
            let response = try await TestSupport.graphQL(server, "{ __typename }", session: session)
            #expect(try response.json()[path: "data", "__typename"] == .string("Query"))
        }
        session.invalidateAndCancel()
    }

    @Test("50 concurrent requests all get their own correct answer")
    func concurrency() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let session = TestSupport.makeSession()
        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<50 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        let number = 12_343 + index % 4
                        let json = try await TestSupport.get(
                            server, "/api/v1/games/6x45/draws/\(number)", session: session
                        ).json()
                        return (index, json[path: "result", "draw_number"] == .int(number))
                    }
                    let json = try await TestSupport.graphQL(
                        server, "query ($n: Long!) { draw(gameId: \"6x45\", number: $n) { number } }",
                        variables: .object([("n", .int(12_343 + index % 4))]), session: session
                    ).json()
                    return (index, json[path: "data", "draw", "number"] == .int(12_343 + index % 4))
                }
            }
            var collected: [Int: Bool] = [:]
            for try await (index, correct) in group { collected[index] = correct }
            return collected
        }
        #expect(results.count == 50)
        #expect(results.values.allSatisfy { $0 })
        session.invalidateAndCancel()
    }

    @Test("After stop() requests fail, the port is released and a new server can take it")
    func stop() async throws {
        let server = try TestSupport.startServer()
        let session = TestSupport.makeSession()
        #expect(try await TestSupport.get(server, "/api/v1/games", session: session).status == 200)
        let port = server.port
        server.stop()
        server.stop()
        #expect(server.isStopped)
        await #expect(throws: (any Error).self) {
            _ = try await TestSupport.get(server, "/api/v1/games", session: session)
        }
        await #expect(throws: (any Error).self) {
            _ = try await TestSupport.get(server, "/api/v1/games")
        }
        let again = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(port: port), dataSet: TestSupport.smallDataSet())
        defer { again.stop() }
        #expect(again.port == port)
        #expect(try await TestSupport.get(again, "/api/v1/games").status == 200)
        session.invalidateAndCancel()
    }

    @Test("stop() closes idle keep-alive connections")
    func stopClosesIdleConnections() throws {
        let server = try TestSupport.startServer()
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /api/v1/images/logo-6x45 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponse()?.status == 200)
        #expect(server.openConnectionCount == 1)
        server.stop()
        #expect(client.isClosedByServer())
    }

    @Test("A port in use is a typed bind error")
    func portInUse() throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        #expect(throws: EmbeddedServerError.self) {
            _ = try EmbeddedLotteryServer.start(
                options: EmbeddedBackendOptions(port: server.port), dataSet: TestSupport.smallDataSet())
        }
    }

    @Test("Pipelined requests are answered in order on one connection")
    func pipelining() throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        try client.send(
            "GET /api/v1/games/6x45 HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/games/nope HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /api/v1/images/logo-max HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let first = try #require(client.readResponse())
        let second = try #require(client.readResponse())
        let third = try #require(client.readResponse())
        #expect(first.status == 200)
        #expect(try JSONParser.parse(first.body)[path: "result", "game_id"] == .string("6x45"))
        #expect(second.status == 404)
        #expect(third.status == 200)
        #expect(third.headers["connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test("HTTP/1.0 closes after the response unless keep-alive is asked for")
    func http10() throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let closing = try RawHTTPClient(port: server.port)
        try closing.send("GET /api/v1/images/logo-6x45 HTTP/1.0\r\n\r\n")
        #expect(closing.readResponse()?.status == 200)
        #expect(closing.isClosedByServer())
        let keeping = try RawHTTPClient(port: server.port)
        try keeping.send("GET /api/v1/images/logo-6x45 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let response = try #require(keeping.readResponse())
        #expect(response.headers["connection"] == "keep-alive")
        try keeping.send("GET /api/v1/images/logo-max HTTP/1.0\r\n\r\n")
        #expect(try JSONParser.parse(try #require(keeping.readResponse()).body)[path: "result", "w"] == .int(256))
    }

    @Test("A chunked body and Expect: 100-continue are handled")
    func chunkedAndContinue() throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let body = "{\"query\":\"{ image(id: \\\"logo-max\\\") { height } }\"}"
        let chunked = try RawHTTPClient(port: server.port)
        let half = body.utf8.count / 2
        let first = String(decoding: Array(body.utf8)[0..<half], as: UTF8.self)
        let second = String(decoding: Array(body.utf8)[half...], as: UTF8.self)
        try chunked.send(
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(first.utf8.count, radix: 16) + ";ext=1\r\n" + first + "\r\n"
                + String(second.utf8.count, radix: 16) + "\r\n" + second + "\r\n0\r\nTrailer: x\r\n\r\n")
        let response = try #require(chunked.readResponse())
        #expect(response.status == 200)
        #expect(try JSONParser.parse(response.body)[path: "data", "image", "height"] == .int(64))

        let expecting = try RawHTTPClient(port: server.port)
        try expecting.send(
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n")
        #expect(expecting.readResponse()?.status == 100)
        try expecting.send(body)
        let answer = try #require(expecting.readResponse())
        #expect(answer.status == 200)
        #expect(try JSONParser.parse(answer.body)[path: "data", "image", "height"] == .int(64))
    }

    @Test(
        "Malformed or oversized requests get a protocol error and the connection closes",
        arguments: [
            ("GARBAGE\r\n\r\n", 400),
            ("GET /api/v1/games HTTP/2.0\r\n\r\n", 505),
            ("GET /api/v1/games HTTP/1.1\r\n bad folding\r\n\r\n", 400),
            ("GET /api/v1/games HTTP/1.1\r\nNo-Colon\r\n\r\n", 400),
            ("POST /graphql HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            ("POST /graphql HTTP/1.1\r\nContent-Length: abc\r\n\r\n", 400),
            ("POST /graphql HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
            ("POST /graphql HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
            ("POST /graphql HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", 413),
            ("POST /graphql HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ("GET /api/v1/games HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n", 431),
        ])
    func protocolErrors(request: String, status: Int) throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        try client.send(request)
        let response = try #require(client.readResponse())
        #expect(response.status == status)
        #expect(response.headers["connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test("HEAD answers the GET headers without a body")
    func head() throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        try client.send(
            "HEAD /api/v1/games/6x45 HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/images/logo-max HTTP/1.1\r\n\r\n")
        let head = try #require(client.readResponse(isHead: true))
        #expect(head.status == 200)
        #expect(Int(head.headers["content-length"] ?? "") ?? 0 > 100)
        #expect(head.body.isEmpty)
        // The next response on the connection starts right after the head.
        #expect(client.readResponse()?.status == 200)
    }

    @Test("A body over 1 MiB through URLSession is answered with 413")
    func bodyTooLarge() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let body = Data(repeating: UInt8(ascii: "a"), count: 2 * 1_024 * 1_024)
        let response = try await TestSupport.postGraphQL(server, body: body)
        #expect(response.status == 413)
    }
}
