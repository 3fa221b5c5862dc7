import LegacyModels
import LotteryBridge

/// A sample screen model, as the app's screens are written: it asks the data layer (``LotteryRepository``) for
/// legacy models and builds its state from them, without knowing which API answers.
struct GamesScreenModel: Sendable {
    let repository: LotteryRepository
    var favourites = ["6x45", "5x36"]
    var recentDrawCount = 2

    /// Loads every favourite game and its most recent draws; the first failure becomes the state's `failure`.
    func load() async -> GamesScreenState {
        var state = GamesScreenState()
        do {
            for id in favourites {
                let game = try await repository.game(id: id)
                let draws = try await repository.draws(gameId: id, limit: recentDrawCount)
                state.rows.append(
                    GamesScreenState.Row(
                        id: game.id, title: game.title, jackpot: game.superPrize, lastDrawNumber: game.lastDraw?.number,
                        lastCombination: game.lastDraw?.combination ?? [],
                        recentDraws: draws.map { .init(number: $0.number, date: $0.date, state: $0.state) }))
            }
        } catch {
            state.failure = "\(error)"
        }
        return state
    }
}
