import Foundation

/// A prize category of a draw.
struct SamplePrizeCategory: Sendable, Equatable {
    var matched: Int
    var bonus: Bool
    var winners: Int64
    var prize: Decimal
}
