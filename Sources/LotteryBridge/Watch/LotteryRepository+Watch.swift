import GraphQLBridge
import GraphQLMigration
import LegacyModels

extension LotteryRepository {
    /// One game, live: again each time it changes (see ``ModelWatch``), its next and last draw included.
    ///
    /// Where the model is in its migration decides how it stays up to date:
    /// - `.graphQL` and `.graphQLWithRESTFallback`: the GraphQL client's cache is watched; a favourite set on
    ///   another screen arrives at once, without a request. The game's draws follow the `drawUpdated`
    ///   subscription: each event is written through the cache (a draw's new status arrives with no request), and
    ///   an event for a draw the game does not show yet (a draw completed, a new one on sale) refetches the game.
    ///   If the subscription fails, the game is fetched again every ``pollInterval``. With the fallback, a GraphQL
    ///   failure before the first model hands the watch to REST (reported as the router reports a fallback).
    /// - `.rest`: REST answers and there is no push channel: the model is fetched again every ``pollInterval``
    ///   (the legacy app's way), on ``refreshWatches()`` and after each write through this repository.
    /// - `.shadow`: REST answers as in `.rest`; the subscription runs beside it and each event is compared with a
    ///   REST read of that draw, detached, and published as the router publishes shadow results (a realtime
    ///   shadow; context `realtime: drawUpdated`).
    public func watchGame(id: String) -> ModelWatch<GameInfo, any Error> {
        let rest = self.rest
        return watch(
            ModelName.gameInfo, .gameInfo(gameId: id),
            live: LiveDraws(gameId: id) { draw, game in
                draw.state == .completed
                    || (draw.number != game.nextDraw?.number && draw.number != game.lastDraw?.number)
            }
        ) { try await rest.game(id: id) }
    }

    /// Games ordered by id, live (see ``watchGame(id:)``).
    public func watchGames(type: GameType? = nil, activeOnly: Bool = true) -> ModelWatch<[GameInfo], any Error> {
        let rest = self.rest
        return watch(ModelName.gameInfo, .games(type: type, activeOnly: activeOnly)) {
            try await rest.games(type: type, activeOnly: activeOnly)
        }
    }

    /// A game's newest draws, live (see ``watchGame(id:)``): in the GraphQL modes a draw's change arrives through
    /// the cache, and a new draw refetches the list.
    public func watchDraws(gameId: String, limit: Int = 10) -> ModelWatch<[DrawInfo], any Error> {
        let rest = self.rest
        return watch(
            ModelName.drawInfo, .draws(gameId: gameId, last: limit),
            live: LiveDraws(gameId: gameId) { draw, draws in !draws.contains { $0.number == draw.number } }
        ) { try await rest.draws(gameId: gameId, limit: limit) }
    }

    /// Makes the live models that REST serves fetch again (pull to refresh). Models served by GraphQL follow
    /// the cache and need no refresh.
    public func refreshWatches() async {
        await refreshCenter.refreshAll()
    }

    /// How a live model follows a game's draws: which game, and when an event means the model must be fetched
    /// again (a draw it does not show).
    struct LiveDraws<Model: Sendable>: Sendable {
        let gameId: String
        let needsRefetch: @Sendable (DrawInfo, Model) -> Bool

        /// Whether an event means the model must be fetched again: a draw `model` does not show, or any draw before the
        /// first model (the answer on its way may be older than the event, which would otherwise be lost).
        func needsRefetch(after draw: DrawInfo, showing model: Model?) -> Bool {
            guard let model else { return true }
            return needsRefetch(draw, model)
        }
    }

    private func watch<Model: Sendable & Equatable>(
        _ model: String, _ request: GraphQLRequest, live: LiveDraws<Model>? = nil,
        rest fetch: @escaping @Sendable () async throws -> Model
    ) -> ModelWatch<Model, any Error> {
        let graphQL = self.graphQL
        let router = self.router
        let center = refreshCenter
        let rest = self.rest
        let pollInterval = self.pollInterval
        return ModelWatch {
            let restSource = RESTModelSource(
                center: center, pollInterval: live == nil ? nil : pollInterval, fetch: fetch)
            let graphQLSource = { graphQL.watch(requestType: request, as: Model.self).makeSource() }
            let mode = router.settings.mode(for: model)
            guard let live else {
                switch mode {
                case .rest, .shadow: return restSource
                case .graphQL: return AnyErrorModelSource(base: graphQLSource())
                case .graphQLWithRESTFallback:
                    return FallbackModelSource(
                        primary: graphQLSource(), fallback: restSource,
                        onFallback: { error in await router.eventReporter?.report(.fellBack(model: model, error: error))
                        })
                }
            }
            let events: @Sendable () -> ModelWatch<DrawInfo, APIError> = { graphQL.drawUpdates(gameId: live.gameId) }
            switch mode {
            case .rest:
                return restSource
            case .shadow:
                // The realtime shadow: each event against a REST read of that draw, published like the one-off reads'.
                let pump = DrawUpdatePump<Model>(
                    events: events,
                    onEvent: { draw, _ in
                        _ = try? await router.route(
                            ModelName.drawInfo, mode: .shadow,
                            context: ["id": draw.id, "realtime": "drawUpdated"],
                            rest: { try await rest.draw(gameId: draw.gameId, number: draw.number) },
                            graphQL: { draw })
                    },
                    onFailure: { _ in })
                return LiveModelSource(base: restSource, pump: pump)
            case .graphQL, .graphQLWithRESTFallback:
                // Events are written through the cache (the watch updates); a draw the model does not show refetches it.
                let refetch: @Sendable () async -> Void = {
                    _ = try? await graphQL.fetch(requestType: request, as: Model.self, fetchPolicy: .serverOnly)
                }
                let pump = DrawUpdatePump<Model>(
                    events: events,
                    onEvent: { draw, current in
                        guard live.needsRefetch(after: draw, showing: current) else { return }
                        await refetch()
                    },
                    onFailure: { _ in
                        // The subscription is gone: poll instead, until the watch ends.
                        while !Task.isCancelled {
                            do { try await Task.sleep(for: pollInterval) } catch { return }
                            await refetch()
                        }
                    })
                let primary = LiveModelSource(base: graphQLSource(), pump: pump)
                guard mode == .graphQLWithRESTFallback else { return AnyErrorModelSource(base: primary) }
                return FallbackModelSource(
                    primary: primary, fallback: restSource,
                    onFallback: { error in
                        pump.stop()
                        await router.eventReporter?.report(.fellBack(model: model, error: error))
                    })
            }
        }
    }
}
