import Foundation
import GraphQLBridgeSupport

/// The answers given an app's client in place of the server, per request of the app's own request type, and the
/// requests the client was asked: the machinery of an `unimplemented()` test double (as TCA's and Apollo's test
/// clients have), and of a live client whose answers a debug menu or a preview replaces, for any
/// ``OverridableRequest``. ``GraphQLRequestClient`` asks them first.
///
/// An unimplemented double (`RequestOverrides(unimplemented: true)`, the default) answers only what the test
/// overrode: any other request fails with `APIError/unimplemented(operation:request:advice:)`, which names the
/// request and the override to add, and is listed in ``unimplementedRequests``. On a live client
/// (`unimplemented: false`) an override answers just its requests and the others go to the server.
///
/// ```swift
/// let overrides = RequestOverrides<ShopRequest>(unimplemented: true, testDouble: "ShopClient.unimplemented()")
///     .override(.product(id: "p1"), with: product)                          // one request
///     .override(matching: { $0 != .basket }, with: APIError.notFound(operation: "Product", path: "product"))
/// let answer = try overrides.answer(.product(id: "p1"), as: Product.self)   // product
/// #expect(overrides.unimplementedRequests.isEmpty)
/// ```
///
/// The most recent override that matches a request answers it. An app's client holds one and asks it first (see
/// ``OverridableClient``, which then gives the client the same `override` calls); ``response(to:as:live:)`` does both
/// in one call. The type is safe to use from any task: its state is behind a lock.
public final class RequestOverrides<Request: OverridableRequest>: Sendable {
    /// One override: the requests it answers and its answer.
    private struct Entry {
        let matches: @Sendable (Request) -> Bool
        let answer: Result<any Sendable, APIError>
    }

    /// Whether a request that no override answers fails (an `unimplemented()` double) rather than going to the
    /// server.
    public let isUnimplemented: Bool
    /// The test double, as the advice of an unanswered request's error names it (`"ShopClient.unimplemented()"`).
    public let testDouble: String
    private let state = Locked(State())

    /// The overrides and the requests asked, behind the lock.
    private struct State {
        var entries: [Entry] = []
        var asked: [Request] = []
        var unanswered: [Request] = []
    }

    /// Creates the overrides of a client.
    /// - Parameters:
    ///   - unimplemented: whether a request that no override answers fails with
    ///     `APIError/unimplemented(operation:request:advice:)` (`true`, a test double: GraphQLBridgeTesting's
    ///     `RequestOverrides(testDouble:)`), or goes to the server (`false`, a live client with some requests
    ///     overridden, or none).
    ///   - testDouble: how the advice of that error names the double (`"ShopClient.unimplemented()"`).
    public init(unimplemented: Bool, testDouble: String = "test double") {
        self.isUnimplemented = unimplemented
        self.testDouble = testDouble
    }

    /// Every request the double was asked, in order (recorded when ``isUnimplemented`` only, so a live client keeps
    /// nothing).
    public var requests: [Request] { state.withLock { $0.asked } }

    /// The requests the double was asked and no override answered, in order: a test that expects none checks that
    /// this is empty.
    public var unimplementedRequests: [Request] { state.withLock { $0.unanswered } }

    /// Answers `request` with `value`, the response the client's caller asks for (a value of another type fails the
    /// request with `APIError/unexpectedResponseType(operation:expected:actual:)`).
    @discardableResult
    public func override<Value: Sendable>(_ request: Request, with value: Value) -> Self {
        add(matching: { $0 == request }, .success(value))
    }

    /// Fails `request` with `error` (`.notFound(...)`, `.transport(...)`, ...).
    @discardableResult
    public func override(_ request: Request, with error: APIError) -> Self {
        add(matching: { $0 == request }, .failure(error))
    }

    /// Answers every request for which `matching` is true with `value` (a family of requests: every case of one
    /// kind, whatever its parameters).
    @discardableResult
    public func override<Value: Sendable>(matching: @escaping @Sendable (Request) -> Bool, with value: Value) -> Self {
        add(matching: matching, .success(value))
    }

    /// Fails every request for which `matching` is true with `error`.
    @discardableResult
    public func override(matching: @escaping @Sendable (Request) -> Bool, with error: APIError) -> Self {
        add(matching: matching, .failure(error))
    }

    /// The overridden answer to `request`, and records the request.
    /// - Returns: the most recent matching override's value; `nil` when no override matches and the client is live
    ///   (the caller then asks the server).
    /// - Throws: the override's error; `APIError/unimplemented(operation:request:advice:)` when no override matches
    ///   and the client is unimplemented; `APIError/unexpectedResponseType(operation:expected:actual:)` when the
    ///   override's value is not a `Response`.
    public func answer<Response: Sendable>(_ request: Request, as responseType: Response.Type = Response.self)
        throws(APIError) -> Response?
    {
        let isUnimplemented = isUnimplemented
        let answer = state.withLock { state -> Result<any Sendable, APIError>? in
            if isUnimplemented { state.asked.append(request) }
            let answer = state.entries.last { $0.matches(request) }?.answer
            if answer == nil, isUnimplemented { state.unanswered.append(request) }
            return answer
        }
        guard let answer else {
            guard isUnimplemented else { return nil }
            throw .unimplemented(
                operation: request.operationName, request: String(describing: request),
                advice: "Add `.override(\(Self.sourceSpelling(of: request)), with: "
                    + "<\(request.responseTypeDescription)>)` (or `with: APIError...`) to the test's \(testDouble)")
        }
        switch answer {
        case .success(let value):
            guard let typed = value as? Response else {
                throw .unexpectedResponseType(
                    operation: request.operationName, expected: "\(Response.self)",
                    actual: "\(request.responseTypeDescription) (the test's override is a \(type(of: value)))")
            }
            return typed
        case .failure(let error):
            throw error
        }
    }

    /// The overridden answer to `request`, or else what `live` gives (the server's answer) on a live client.
    /// - Throws: as ``answer(_:as:)`` does, or what `live` throws.
    public func response<Response: Sendable>(
        to request: Request, as responseType: Response.Type = Response.self,
        live: () async throws(APIError) -> Response
    ) async throws(APIError) -> Response {
        if let overridden = try answer(request, as: responseType) { return overridden }
        return try await live()
    }

    private func add(matching: @escaping @Sendable (Request) -> Bool, _ answer: Result<any Sendable, APIError>) -> Self
    {
        state.withLock { $0.entries.append(Entry(matches: matching, answer: answer)) }
        return self
    }

    /// How `request` is written in source, for advice a developer pastes: an enum case with its leading dot
    /// (`.product(id: "p9")`; `String(describing:)` leaves it out), or the type's own description.
    static func sourceSpelling(of request: Request) -> String {
        let shown = String(describing: request)
        guard !(request is any CustomStringConvertible), Mirror(reflecting: request).displayStyle == .enum,
            !shown.hasPrefix(".")
        else { return shown }
        return "." + shown
    }
}
