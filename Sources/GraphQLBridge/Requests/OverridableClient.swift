/// An app's client that tests can answer per request: it holds ``RequestOverrides`` and asks them before the
/// server, and conforming gives it the `override` calls and the lists of requests, so a test writes
/// `ShopClient.unimplemented().override(.product(id: "p1"), with: product)`.
///
/// ```swift
/// import Foundation
/// import GraphQLBridge
/// import GraphQLBridgeTesting
///
/// final class ShopClient: OverridableClient, Sendable {
///     let overrides: RequestOverrides<ShopRequest>
///
///     init(overrides: RequestOverrides<ShopRequest>) {
///         self.overrides = overrides
///     }
///
///     /// Every request fails until the test overrides it.
///     static func unimplemented() -> ShopClient {
///         ShopClient(overrides: RequestOverrides(testDouble: "ShopClient.unimplemented()"))
///     }
///
///     func product(id: String) async throws(APIError) -> Product {
///         try await overrides.response(to: .product(id: id)) { () async throws(APIError) in
///             try await fetchProduct(id: id)   // the live path: a generated query and an adapter
///         }
///     }
/// }
/// ```
public protocol OverridableClient {
    /// The app's request type.
    associatedtype Request: OverridableRequest
    /// The client's overrides, asked before the server.
    var overrides: RequestOverrides<Request> { get }
}

extension OverridableClient {
    /// Answers `request` with `value`, the response it produces; a value of another type fails the request with
    /// `APIError/unexpectedResponseType(operation:expected:actual:)`.
    @discardableResult
    public func override<Value: Sendable>(_ request: Request, with value: Value) -> Self {
        overrides.override(request, with: value)
        return self
    }

    /// Fails `request` with `error` (`.notFound(...)`, `.transport(...)`, ...).
    @discardableResult
    public func override(_ request: Request, with error: APIError) -> Self {
        overrides.override(request, with: error)
        return self
    }

    /// Answers every request for which `matching` is true with `value`.
    @discardableResult
    public func override<Value: Sendable>(matching: @escaping @Sendable (Request) -> Bool, with value: Value) -> Self {
        overrides.override(matching: matching, with: value)
        return self
    }

    /// Fails every request for which `matching` is true with `error`.
    @discardableResult
    public func override(matching: @escaping @Sendable (Request) -> Bool, with error: APIError) -> Self {
        overrides.override(matching: matching, with: error)
        return self
    }

    /// Every request an unimplemented client was asked, in order (empty for a live client).
    public var requests: [Request] { overrides.requests }

    /// The requests an unimplemented client was asked and no override answered: a test that expects none checks that
    /// this is empty.
    public var unimplementedRequests: [Request] { overrides.unimplementedRequests }
}
