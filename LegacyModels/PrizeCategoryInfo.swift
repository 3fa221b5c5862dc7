import Foundation

/// One prize category of a draw: how many numbers were guessed, how many winners, and the prize each got.
public struct PrizeCategoryInfo: Equatable, Hashable, Sendable {
    /// How many numbers a ticket must match for this category (REST `guessed`, a decimal string).
    public var guessed: Int
    /// Whether the bonus number must also match (REST `bonus`, 0 or 1).
    public var bonus: Bool
    /// Number of winning tickets in this category.
    public var winners: Int64
    /// Prize per winning ticket in major units (rubles), exact.
    public var prize: Decimal

    /// Creates a prize category from its fields.
    public init(guessed: Int, bonus: Bool, winners: Int64, prize: Decimal) {
        self.guessed = guessed
        self.bonus = bonus
        self.winners = winners
        self.prize = prize
    }
}
