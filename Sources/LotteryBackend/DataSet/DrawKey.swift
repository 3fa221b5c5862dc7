/// Identifies a draw within a data set: its game id and its number.
public struct DrawKey: Hashable, Sendable, CustomStringConvertible {
    /// The game id.
    public let gameId: String
    /// The draw number.
    public let number: Int64

    /// Creates a key.
    public init(gameId: String, number: Int64) {
        self.gameId = gameId
        self.number = number
    }

    /// `"<gameId>-<number>"`, the draw id of both APIs.
    public var description: String { "\(gameId)-\(number)" }
}
