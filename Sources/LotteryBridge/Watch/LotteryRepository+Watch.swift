import GraphQLBridge
import GraphQLMigration
import LegacyModels

extension LotteryRepository {
    /// One game, live: again each time it changes (see ``ModelWatch``).
    ///
    /// Where the model is in its migration decides how it stays up to date:
    /// - `.graphQL` and `.graphQLWithRESTFallback`: the GraphQL client's cache is watched; a favourite set on
    ///   another screen arrives at once, without a request. With the fallback, a GraphQL failure before the
    ///   first model hands the watch to REST (reported as the router reports a fallback).
    /// - `.shadow` and `.rest`: REST answers, and there is no REST cache to observe: the model is fetched again
    ///   on demand, on ``refreshWatches()`` and after each write through this repository. Shadow comparisons are
    ///   made by the one-off reads (``game(id:)``), not by watches.
    public func watchGame(id: String) -> ModelWatch<GameInfo, any Error> {
        let rest = self.rest
        return watch(ModelName.gameInfo, .gameInfo(gameId: id)) { try await rest.game(id: id) }
    }

    /// Games ordered by id, live (see ``watchGame(id:)``).
    public func watchGames(type: GameType? = nil, activeOnly: Bool = true) -> ModelWatch<[GameInfo], any Error> {
        let rest = self.rest
        return watch(ModelName.gameInfo, .games(type: type, activeOnly: activeOnly)) {
            try await rest.games(type: type, activeOnly: activeOnly)
        }
    }

    /// A game's newest draws, live (see ``watchGame(id:)``).
    public func watchDraws(gameId: String, limit: Int = 10) -> ModelWatch<[DrawInfo], any Error> {
        let rest = self.rest
        return watch(ModelName.drawInfo, .draws(gameId: gameId, last: limit)) {
            try await rest.draws(gameId: gameId, limit: limit)
        }
    }

    /// Makes the live models that REST serves fetch again (pull to refresh). Models served by GraphQL follow
    /// the cache and need no refresh.
    public func refreshWatches() async {
        await refreshCenter.refreshAll()
    }

    private func watch<Model: Sendable & Equatable>(
        _ model: String, _ request: GraphQLRequest, rest fetch: @escaping @Sendable () async throws -> Model
    ) -> ModelWatch<Model, any Error> {
        let graphQL = self.graphQL
        let router = self.router
        let center = refreshCenter
        return ModelWatch {
            let restSource = RESTModelSource(center: center, fetch: fetch)
            let graphQLSource = { graphQL.watch(requestType: request, as: Model.self).makeSource() }
            switch router.settings.mode(for: model) {
            case .rest, .shadow:
                return restSource
            case .graphQL:
                return AnyErrorModelSource(base: graphQLSource())
            case .graphQLWithRESTFallback:
                return FallbackModelSource(
                    primary: graphQLSource(), fallback: restSource,
                    onFallback: { error in await router.eventReporter?.report(.fellBack(model: model, error: error)) })
            }
        }
    }
}
