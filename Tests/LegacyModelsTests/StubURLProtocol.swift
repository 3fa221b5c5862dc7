import Foundation
import GraphQLBridgeSupport
import LegacyModels

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers from in-memory handlers, one per host, so that tests can run in parallel.
final class StubURLProtocol: URLProtocol {
    /// What a handler answers: HTTP status and body.
    struct Reply: Sendable {
        var status: Int
        var body: Data
    }

    typealias Handler = @Sendable (URLRequest) -> Reply

    private static let handlers = Locked<[String: Handler]>([:])

    /// A session whose requests to `host` are answered by `handler`.
    static func session(host: String, handler: @escaping Handler) -> URLSession {
        handlers.withLock { $0[host] = handler }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool {
        true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let handler = request.url?.host.flatMap { host in Self.handlers.withLock { $0[host] } }
        guard let handler, let url = request.url else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let reply = handler(request)
        guard
            let response = HTTPURLResponse(
                url: url,
                statusCode: reply.status,
                httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"]
            )
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: reply.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// Requests seen by a stub, for assertions.
final class RequestLog: Sendable {
    private let stored = Locked<[URLRequest]>([])

    func append(_ request: URLRequest) {
        stored.withLock { $0.append(request) }
    }

    var requests: [URLRequest] {
        stored.value
    }
}
