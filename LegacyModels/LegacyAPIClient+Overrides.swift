import Foundation

/// Test doubles: an unimplemented client that fails on every request the test did not expect, and per-request
/// overrides that answer with legacy models or a ``LegacyAPIError`` through the same async and completion-handler
/// calls as the live client, so the code under test cannot tell.
///
/// ```swift
/// let rest = LegacyAPIClient.unimplemented()
///     .override(.game(id: "6x45"), with: game)
///     .override(matching: { if case .draws = $0 { true } else { false } }, with: [DrawInfo]())
/// let game = try await rest.game(id: "6x45")          // the override
/// _ = try? await rest.image(id: "logo")              // fails: LegacyAPIError.unimplemented(.image(id: "logo"), ...)
/// #expect(rest.unimplementedRequests == [.image(id: "logo")])
/// ```
///
/// Overrides are shared by every copy of the client; the most recent one that matches a request answers it. On a
/// live client (`init(baseURL:...)`) an override answers just its requests and the others go to the server.
extension LegacyAPIClient {
    /// A client with no server: every request fails with ``LegacyAPIError/unimplemented(request:advice:)``, naming
    /// the request and how to override it, until an override answers it. The requests are recorded
    /// (``requests``, ``unimplementedRequests``).
    public static func unimplemented() -> LegacyAPIClient {
        LegacyAPIClient(
            baseURL: URL(fileURLWithPath: "/unimplemented/api/v1"), overrides: LegacyAPIOverrides(isUnimplemented: true)
        )
    }

    /// Answers `request` with `value` (a `GameInfo` for `.game`, `[DrawInfo]` for `.draws`, ...).
    @discardableResult
    public func override<Value: Sendable>(_ request: LegacyRequest, with value: Value) -> LegacyAPIClient {
        overrides.add(.init(matches: { $0 == request }, answer: .success(value)))
        return self
    }

    /// Fails `request` with `error`.
    @discardableResult
    public func override(_ request: LegacyRequest, with error: LegacyAPIError) -> LegacyAPIClient {
        overrides.add(.init(matches: { $0 == request }, answer: .failure(error)))
        return self
    }

    /// Answers every request for which `matching` is true with `value`.
    @discardableResult
    public func override<Value: Sendable>(
        matching: @escaping @Sendable (LegacyRequest) -> Bool, with value: Value
    ) -> LegacyAPIClient {
        overrides.add(.init(matches: matching, answer: .success(value)))
        return self
    }

    /// Fails every request for which `matching` is true with `error`.
    @discardableResult
    public func override(matching: @escaping @Sendable (LegacyRequest) -> Bool, with error: LegacyAPIError)
        -> LegacyAPIClient
    {
        overrides.add(.init(matches: matching, answer: .failure(error)))
        return self
    }

    /// Every request an ``unimplemented()`` client was asked, in order (empty for a live client).
    public var requests: [LegacyRequest] { overrides.requests }

    /// The requests an ``unimplemented()`` client was asked and no override answered: a test that expects none
    /// checks that this is empty.
    public var unimplementedRequests: [LegacyRequest] { overrides.unimplementedRequests }

    /// The override's answer to `request` as `T`; `nil` when no override answers it and the client is live.
    func overridden<T: Sendable>(_ request: LegacyRequest, as type: T.Type) throws(LegacyAPIError) -> T? {
        guard let answer = overrides.answer(for: request) else {
            guard overrides.isUnimplemented else { return nil }
            throw .unimplemented(request: request.description, advice: Self.advice(for: request))
        }
        switch answer {
        case .success(let value):
            guard let typed = value as? T else {
                throw .invalidRequest(
                    message: "the test's override of \(request) is a \(Swift.type(of: value)), "
                        + "but this request returns \(request.responseTypeDescription)")
            }
            return typed
        case .failure(let error):
            throw error
        }
    }

    /// How to override `request`: the call to add, with the request as written.
    static func advice(for request: LegacyRequest) -> String {
        "Add `.override(\(request), with: <\(request.responseTypeDescription)>)` (or `with: LegacyAPIError...`) "
            + "to the test's LegacyAPIClient.unimplemented()"
    }
}
