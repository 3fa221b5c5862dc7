import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels

/// The lottery app's data layer: every screen asks it for legacy models, and a per-model switch decides
/// whether REST, GraphQL or both answer (see `MigrationMode`). Screens never see which one did.
///
/// ```swift
/// let repository = LotteryRepository(
///     rest: LegacyAPIClient(baseURL: restURL, token: token),
///     graphQL: GraphQLClient(endpoint: graphQLURL, token: token),
///     router: MigrationRouter(settings: LotteryRepository.currentStages(), publisher: mismatchLogger,
///                             eventReporter: fallbackLogger, sampling: .percent(10)))
/// let game = try await repository.game(id: "6x45")
/// ```
///
/// Errors are the answering API's own: `LegacyAPIError` when REST answers (as before the migration),
/// `APIError` when GraphQL does.
public struct LotteryRepository: Sendable {
    /// The legacy REST client.
    public let rest: LegacyAPIClient
    /// The GraphQL client that returns legacy models.
    public let graphQL: GraphQLClient
    /// The per-model switch.
    public let router: MigrationRouter
    /// How often the live games and draws that REST serves are fetched again (REST has no push channel; the
    /// legacy app polled the draws). In the GraphQL modes they follow the `drawUpdated` subscription instead.
    public let pollInterval: Duration
    /// Wakes the live models REST serves (`LotteryRepository+Watch.swift`).
    let refreshCenter = RESTRefreshCenter()

    /// Creates the data layer.
    /// - Parameter pollInterval: how often the live games and draws that REST serves are fetched again (30 s by
    ///   default).
    public init(
        rest: LegacyAPIClient, graphQL: GraphQLClient, router: MigrationRouter, pollInterval: Duration = .seconds(30)
    ) {
        self.rest = rest
        self.graphQL = graphQL
        self.router = router
        self.pollInterval = pollInterval
    }

    /// Where the lottery app's models are in their migration, as shipped in this version: one model per
    /// stage. `ImageInfo` is on GraphQL alone, `GameInfo` on GraphQL with REST as the fallback, `DrawInfo`
    /// in shadow (REST answers, GraphQL is compared). Remote configuration can override any of them.
    public static func currentStages() -> MigrationSettings {
        MigrationSettings(
            defaultMode: .rest,
            modes: [
                ModelName.imageInfo: .graphQL,
                ModelName.gameInfo: .graphQLWithRESTFallback,
                ModelName.drawInfo: .shadow,
            ])
    }

    /// The names under which the models are configured.
    public enum ModelName {
        /// `"GameInfo"`.
        public static let gameInfo = "GameInfo"
        /// `"DrawInfo"`.
        public static let drawInfo = "DrawInfo"
        /// `"ImageInfo"`.
        public static let imageInfo = "ImageInfo"
    }

    // MARK: GameInfo

    /// One game.
    public func game(id: String) async throws -> GameInfo {
        let rest = self.rest
        let graphQL = self.graphQL
        let policy = fetchPolicy(for: ModelName.gameInfo)
        return try await router.route(
            ModelName.gameInfo, context: ["id": id],
            rest: { try await rest.game(id: id) },
            graphQL: { try await graphQL.fetch(requestType: .gameInfo(gameId: id), fetchPolicy: policy) })
    }

    /// Games ordered by id.
    public func games(type: GameType? = nil, activeOnly: Bool = true) async throws -> [GameInfo] {
        let rest = self.rest
        let graphQL = self.graphQL
        let policy = fetchPolicy(for: ModelName.gameInfo)
        return try await router.route(
            ModelName.gameInfo, context: ["list": "games"],
            rest: { try await rest.games(type: type, activeOnly: activeOnly) },
            graphQL: {
                try await graphQL.fetch(requestType: .games(type: type, activeOnly: activeOnly), fetchPolicy: policy)
            })
    }

    // MARK: DrawInfo

    /// A game's newest draws.
    public func draws(gameId: String, limit: Int = 10, before: Int64? = nil) async throws -> [DrawInfo] {
        let rest = self.rest
        let graphQL = self.graphQL
        let policy = fetchPolicy(for: ModelName.drawInfo)
        return try await router.route(
            ModelName.drawInfo, context: ["gameId": gameId],
            rest: { try await rest.draws(gameId: gameId, limit: limit, before: before) },
            graphQL: {
                try await graphQL.fetch(
                    requestType: .draws(gameId: gameId, last: limit, before: before), fetchPolicy: policy)
            })
    }

    /// One draw.
    public func draw(gameId: String, number: Int64) async throws -> DrawInfo {
        let rest = self.rest
        let graphQL = self.graphQL
        let policy = fetchPolicy(for: ModelName.drawInfo)
        return try await router.route(
            ModelName.drawInfo, context: ["id": "\(gameId)-\(number)"],
            rest: { try await rest.draw(gameId: gameId, number: number) },
            graphQL: {
                try await graphQL.fetch(requestType: .drawInfo(gameId: gameId, number: number), fetchPolicy: policy)
            })
    }

    /// One draw for the draw screen: on GraphQL through `DrawScreen`, whose prize categories (slow to compute) come in
    /// a later increment, the `DrawInfo` built when they arrive (in `.shadow`, that completed model is compared with
    /// REST's). The GraphQL server must declare `@defer`.
    public func drawScreen(gameId: String, number: Int64) async throws -> DrawInfo {
        let rest = self.rest
        let graphQL = self.graphQL
        let policy = fetchPolicy(for: ModelName.drawInfo)
        return try await router.route(
            ModelName.drawInfo, context: ["id": "\(gameId)-\(number)", "screen": "draw"],
            rest: { try await rest.draw(gameId: gameId, number: number) },
            graphQL: {
                try await graphQL.fetch(requestType: .drawScreen(gameId: gameId, number: number), fetchPolicy: policy)
            })
    }

    // MARK: ImageInfo

    /// An image.
    public func image(id: String) async throws -> ImageInfo {
        let rest = self.rest
        let graphQL = self.graphQL
        let policy = fetchPolicy(for: ModelName.imageInfo)
        return try await router.route(
            ModelName.imageInfo, context: ["id": id],
            rest: { try await rest.image(id: id) },
            graphQL: { try await graphQL.fetch(requestType: .image(id), fetchPolicy: policy) })
    }

    /// The fetch policy of the GraphQL side: `.serverOnly` while the model is in `.shadow`, so the comparison
    /// always sees a fresh GraphQL answer (a cached one would differ from REST's only in age), and the client's
    /// cache (`.preferCache`) otherwise.
    private func fetchPolicy(for model: String) -> GraphQLFetchPolicy {
        router.settings.mode(for: model) == .shadow ? .serverOnly : .preferCache
    }
}
