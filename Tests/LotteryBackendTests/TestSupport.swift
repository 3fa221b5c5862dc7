import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Shared helpers: the fixture data set, servers and requests through a real `URLSession`.
enum TestSupport {
    /// The small data set of `Fixtures/small-dataset.json`.
    static func smallDataSet() throws -> LotteryDataSet {
        try LotteryDataSet(jsonData: fixture("small-dataset.json"))
    }

    /// A fixture's bytes.
    static func fixture(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
            throw TestSupportError.fixtureMissing(name)
        }
        return try Data(contentsOf: url)
    }

    /// Starts a server on a kernel-chosen port with the small data set.
    static func startServer(_ options: EmbeddedBackendOptions = .init()) throws -> EmbeddedLotteryServer {
        try EmbeddedLotteryServer.start(options: options, dataSet: smallDataSet())
    }

    /// A session that does not cache, with short timeouts.
    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    /// Sends a request and collects the response.
    static func send(_ request: URLRequest, session: URLSession? = nil) async throws -> TestResponse {
        let session = session ?? makeSession()
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw TestSupportError.notHTTP(request.url ?? URL(fileURLWithPath: "/"))
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return TestResponse(
            status: http.statusCode, contentType: headers["content-type"] ?? "", headers: headers, body: data)
    }

    /// `GET <server.baseURL><path>`.
    static func get(
        _ server: EmbeddedLotteryServer, _ path: String, token: String? = nil, session: URLSession? = nil
    ) async throws -> TestResponse {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        var request = URLRequest(url: url)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return try await send(request, session: session)
    }

    /// The contract client's `Accept` header.
    static let graphQLAccept = "application/graphql-response+json, application/json;q=0.9"

    /// `POST /graphql` with `{"query", "operationName", "variables"}`.
    static func graphQL(
        _ server: EmbeddedLotteryServer, _ query: String, variables: JSONValue? = nil, operationName: String? = nil,
        accept: String = graphQLAccept, token: String? = nil, session: URLSession? = nil
    ) async throws -> TestResponse {
        var members: [(String, JSONValue)] = [("query", .string(query))]
        if let operationName { members.append(("operationName", .string(operationName))) }
        if let variables { members.append(("variables", variables)) }
        return try await postGraphQL(
            server, body: JSONValue.object(members).serialized(), accept: accept, token: token, session: session)
    }

    /// `POST /graphql` with a raw body.
    static func postGraphQL(
        _ server: EmbeddedLotteryServer, body: Data, accept: String = graphQLAccept,
        contentType: String = "application/json", token: String? = nil, session: URLSession? = nil
    ) async throws -> TestResponse {
        var request = URLRequest(url: server.graphQLURL)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return try await send(request, session: session)
    }
}
