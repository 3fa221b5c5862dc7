import Foundation
import LegacyModels

/// What the sample screen shows: one row per favourite game, or the failure that stopped it.
struct GamesScreenState: Equatable, Sendable {
    /// One game: its name, its jackpot, its last result and its most recent draws.
    struct Row: Equatable, Sendable {
        var id: String
        var title: String
        var jackpot: Decimal?
        var lastDrawNumber: Int64?
        var lastCombination: [Int]
        var recentDraws: [RecentDraw]
    }

    /// A draw in a row's list.
    struct RecentDraw: Equatable, Sendable {
        var number: Int64
        var date: Date
        var state: DrawState
    }

    var rows: [Row] = []
    /// The error's description when loading failed.
    var failure: String?
}
