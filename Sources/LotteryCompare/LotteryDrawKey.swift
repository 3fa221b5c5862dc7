/// A draw to compare: its game and number (how both APIs fetch it) and its id (how reports name it).
public struct LotteryDrawKey: Sendable, Hashable, CustomStringConvertible {
    /// The game's id.
    public var gameId: String
    /// The draw's number.
    public var number: Int64
    /// The draw's id (`6x45-12345`).
    public var id: String

    /// The draw's id.
    public var description: String { id }
}
