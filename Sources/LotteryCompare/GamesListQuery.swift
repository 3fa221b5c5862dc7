import LegacyModels

/// A `games` list the app asks for: a filter by type and activity.
struct GamesListQuery: Sendable, Hashable {
    /// `nil` for every type.
    var type: GameType?
    /// Whether only games on sale are listed.
    var activeOnly: Bool

    /// Every game, active or not: the list whose games are compared one by one.
    static let everyGame = GamesListQuery(type: nil, activeOnly: false)

    /// Every filter the app uses: all games and the games on sale, each for every type and for each
    /// type the app knows.
    static let appFilters: [GamesListQuery] = [false, true].flatMap { activeOnly in
        ([nil] + [GameType.lotto, .keno, .rapid, .instant]).map { GamesListQuery(type: $0, activeOnly: activeOnly) }
    }

    /// The list's id in the report: `games(activeOnly: false)`, `games(type: lotto, activeOnly: true)`.
    var label: String {
        if let type { return "games(type: \(type), activeOnly: \(activeOnly))" }
        return "games(activeOnly: \(activeOnly))"
    }
}
