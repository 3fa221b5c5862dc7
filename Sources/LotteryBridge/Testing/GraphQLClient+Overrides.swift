import Foundation
import GraphQLBridge

/// Test doubles: an unimplemented client that fails on every request the test did not expect, and per-request
/// overrides that answer with legacy models or an `APIError` through the same async and completion-handler calls
/// as the live client (`fetch(requestType:)`, `gameInfo(gameId:)`, ...), so a screen cannot tell.
///
/// ```swift
/// let client = GraphQLClient.unimplemented()
///     .override(.gameInfo(gameId: "6x45"), with: game)
///     .override(matching: { if case .draws = $0 { true } else { false } }, with: [DrawInfo]())
///     .override(.image("logo-6x45"), with: APIError.notFound(operation: "Image", path: "image"))
/// let game = try await client.gameInfo(gameId: "6x45")   // the override
/// _ = try? await client.gameInfo(gameId: "5x36")          // fails: APIError.unimplemented naming the request
/// #expect(client.unimplementedRequests == [.gameInfo(gameId: "5x36")])
/// ```
///
/// The most recent override that matches a request answers it. On a live client (`init(endpoint:...)`) an
/// override answers just its requests and the others go to the server.
extension GraphQLClient {
    /// A client with no server: every request fails with `APIError.unimplemented`, which names the request with its
    /// parameters and the override to add, until an override answers it. The requests are recorded (``requests``,
    /// ``unimplementedRequests``).
    public static func unimplemented(errorPolicy: GraphQLErrorPolicy = .returnPartialData) -> GraphQLClient {
        let runtime = GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/unimplemented/graphql"), transport: UnimplementedTransport())
        return GraphQLClient(
            client: runtime, errorPolicy: errorPolicy, overrides: GraphQLClientOverrides(isUnimplemented: true))
    }

    /// Answers `request` with `value`: the legacy model it produces (`GameInfo` for `.gameInfo`, `[DrawInfo]` for
    /// `.draws`, ...). A value of another type fails the request with `APIError.unexpectedResponseType`.
    @discardableResult
    public func override<Value: Sendable>(_ request: GraphQLRequest, with value: Value) -> GraphQLClient {
        overrides.add(.init(matches: { $0 == request }, answer: .success(value)))
        return self
    }

    /// Fails `request` with `error` (`.notFound(...)`, `.transport(...)`, ...).
    @discardableResult
    public func override(_ request: GraphQLRequest, with error: APIError) -> GraphQLClient {
        overrides.add(.init(matches: { $0 == request }, answer: .failure(error)))
        return self
    }

    /// Answers every request for which `matching` is true with `value`.
    @discardableResult
    public func override<Value: Sendable>(
        matching: @escaping @Sendable (GraphQLRequest) -> Bool, with value: Value
    ) -> GraphQLClient {
        overrides.add(.init(matches: matching, answer: .success(value)))
        return self
    }

    /// Fails every request for which `matching` is true with `error`.
    @discardableResult
    public func override(matching: @escaping @Sendable (GraphQLRequest) -> Bool, with error: APIError)
        -> GraphQLClient
    {
        overrides.add(.init(matches: matching, answer: .failure(error)))
        return self
    }

    /// Every request an ``unimplemented(errorPolicy:)`` client was asked, in order (empty for a live client).
    public var requests: [GraphQLRequest] { overrides.requests }

    /// The requests an ``unimplemented(errorPolicy:)`` client was asked and no override answered: a test that
    /// expects none checks that this is empty.
    public var unimplementedRequests: [GraphQLRequest] { overrides.unimplementedRequests }

    /// The override's answer to `request` as `Response`; `nil` when no override answers it and the client is live.
    func overridden<Response: Sendable>(_ request: GraphQLRequest, as type: Response.Type) throws(APIError)
        -> GraphQLBridgeResponse<Response>?
    {
        guard let answer = overrides.answer(for: request) else {
            guard overrides.isUnimplemented else { return nil }
            throw .unimplemented(
                operation: request.operationName, request: request.description,
                advice: "Add `.override(\(request), with: <\(request.responseTypeDescription)>)` (or `with: "
                    + "APIError...`) to the test's GraphQLClient.unimplemented()")
        }
        switch answer {
        case .success(let value):
            guard let typed = value as? Response else {
                throw .unexpectedResponseType(
                    operation: request.operationName, expected: "\(Response.self)",
                    actual: "\(request.responseTypeDescription) (the test's override is a \(Swift.type(of: value)))")
            }
            return GraphQLBridgeResponse(value: typed)
        case .failure(let error):
            throw error
        }
    }
}
