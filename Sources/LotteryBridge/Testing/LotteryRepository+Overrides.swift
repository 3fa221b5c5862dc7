import GraphQLBridge
import GraphQLMigration
import LegacyModels

/// Test doubles for the data layer: both clients unimplemented, and overrides that answer a request through
/// **both** APIs, so a screen test states its data once, as legacy models, and holds in every migration mode.
///
/// ```swift
/// let repository = LotteryRepository.unimplemented(stages: LotteryRepository.currentStages())
///     .override(.gameInfo(gameId: "6x45"), with: game)
///     .override(.draws(gameId: "6x45", last: 3), with: draws)
/// let state = await GamesScreenModel(repository: repository).load()
/// #expect(repository.unimplementedRequests.isEmpty)
/// ```
extension LotteryRepository {
    /// A repository whose REST and GraphQL clients are both ``LegacyAPIClient/unimplemented()`` and
    /// ``GraphQLClient/unimplemented(errorPolicy:)``, routed by `stages`.
    /// - Parameters:
    ///   - stages: each model's migration mode.
    ///   - strict: whether a shadow mismatch throws (`true` by default in tests: the overrides of both APIs must
    ///     agree).
    public static func unimplemented(stages: MigrationSettings, strict: Bool = true) -> LotteryRepository {
        LotteryRepository(
            rest: .unimplemented(), graphQL: .unimplemented(),
            router: MigrationRouter(settings: stages, strict: strict))
    }

    /// Answers `request` with `value` through both APIs (REST through the equivalent ``LegacyRequest``).
    @discardableResult
    public func override<Value: Sendable>(_ request: GraphQLRequest, with value: Value) -> LotteryRepository {
        graphQL.override(request, with: value)
        if let legacy = LegacyRequest(graphQL: request) { rest.override(legacy, with: value) }
        return self
    }

    /// Fails `request` through both APIs, each with its own error type.
    @discardableResult
    public func override(_ request: GraphQLRequest, graphQLError: APIError, restError: LegacyAPIError)
        -> LotteryRepository
    {
        graphQL.override(request, with: graphQLError)
        if let legacy = LegacyRequest(graphQL: request) { rest.override(legacy, with: restError) }
        return self
    }

    /// Answers every request for which `matching` is true with `value`, through both APIs.
    @discardableResult
    public func override<Value: Sendable>(
        matching: @escaping @Sendable (GraphQLRequest) -> Bool, with value: Value
    ) -> LotteryRepository {
        graphQL.override(matching: matching, with: value)
        rest.override(matching: { matching(GraphQLRequest(legacy: $0)) }, with: value)
        return self
    }

    /// The requests either client was asked and no override answered, as ``GraphQLRequest``s: a test that expects
    /// none checks that this is empty.
    public var unimplementedRequests: [GraphQLRequest] {
        graphQL.unimplementedRequests + rest.unimplementedRequests.map(GraphQLRequest.init(legacy:))
    }
}
