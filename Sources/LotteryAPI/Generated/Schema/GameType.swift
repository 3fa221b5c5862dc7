// This file is in the form GraphQLCodegen emits for the schema's enum `GameType`.

import GraphQLBridge

/// The schema's `GameType`. A value added on the server later decodes as `.unknown(raw)`.
public enum GameType: GraphQLEnum {
    /// `LOTTO`
    case lotto
    /// `KENO`
    case keno
    /// `RAPID`
    case rapid
    /// `INSTANT`
    case instant
    /// A value this version of the schema did not have.
    case unknown(String)

    /// Any raw value; one the schema did not have becomes `.unknown`.
    public init(rawValue: String) {
        switch rawValue {
        case "LOTTO": self = .lotto
        case "KENO": self = .keno
        case "RAPID": self = .rapid
        case "INSTANT": self = .instant
        default: self = .unknown(rawValue)
        }
    }

    /// The value as the server spells it.
    public var rawValue: String {
        switch self {
        case .lotto: return "LOTTO"
        case .keno: return "KENO"
        case .rapid: return "RAPID"
        case .instant: return "INSTANT"
        case .unknown(let rawValue): return rawValue
        }
    }

    /// The values the schema had.
    public static var allCases: [GameType] { [.lotto, .keno, .rapid, .instant] }
}
