/// The kind of a lottery game, as the legacy app knows it.
///
/// REST sends it as the `game_type` code (1 lotto, 2 keno, 3 rapid, 4 instant). A server may add types that a
/// shipped app does not know; those become `.unknown` (without payload: the app shows every unknown type alike).
public enum GameType: Equatable, Hashable, Sendable {
    /// Draw lottery with a fixed set of numbers (code 1).
    case lotto
    /// Keno-style game (code 2).
    case keno
    /// Fast draws every few minutes (code 3).
    case rapid
    /// Instant (scratch-style) game (code 4).
    case instant
    /// A type this app version does not know.
    case unknown

    /// Creates a game type from its REST `game_type` code; any code other than 1...4 gives `.unknown`.
    public init(code: Int) {
        switch code {
        case 1: self = .lotto
        case 2: self = .keno
        case 3: self = .rapid
        case 4: self = .instant
        default: self = .unknown
        }
    }

    /// The REST `game_type` code of this type, or `nil` for `.unknown` (its original code is not kept).
    public var code: Int? {
        switch self {
        case .lotto: return 1
        case .keno: return 2
        case .rapid: return 3
        case .instant: return 4
        case .unknown: return nil
        }
    }
}
