/// The status of a draw, as the legacy app knows it.
///
/// REST sends it as the `state` string. A server may add statuses that a shipped app does not know; those become
/// `.unknown` (without payload).
public enum DrawState: Equatable, Hashable, Sendable {
    /// The draw is scheduled, tickets are not on sale yet (`"announced"`).
    case announced
    /// Tickets are on sale (`"selling"`).
    case selling
    /// The draw is taking place (`"drawing"`).
    case drawing
    /// The draw is over and its results are known (`"completed"`).
    case completed
    /// The draw was cancelled (`"cancelled"`).
    case cancelled
    /// A status this app version does not know.
    case unknown

    /// Creates a draw state from its REST `state` string (exact, lowercase); anything else gives `.unknown`.
    public init(rawState: String) {
        switch rawState {
        case "announced": self = .announced
        case "selling": self = .selling
        case "drawing": self = .drawing
        case "completed": self = .completed
        case "cancelled": self = .cancelled
        default: self = .unknown
        }
    }

    /// The REST `state` string of this state, or `nil` for `.unknown` (its original string is not kept).
    public var rawState: String? {
        switch self {
        case .announced: return "announced"
        case .selling: return "selling"
        case .drawing: return "drawing"
        case .completed: return "completed"
        case .cancelled: return "cancelled"
        case .unknown: return nil
        }
    }
}
