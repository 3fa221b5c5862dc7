// This file is in the form GraphQLCodegen emits for the schema's enum `DrawStatus`.

import GraphQLBridge

/// The schema's `DrawStatus`. A value added on the server later decodes as `.unknown(raw)`.
public enum DrawStatus: GraphQLEnum {
    /// `ANNOUNCED`
    case announced
    /// `SELLING`
    case selling
    /// `DRAWING`
    case drawing
    /// `COMPLETED`
    case completed
    /// `CANCELLED`
    case cancelled
    /// A value this version of the schema did not have.
    case unknown(String)

    /// Any raw value; one the schema did not have becomes `.unknown`.
    public init(rawValue: String) {
        switch rawValue {
        case "ANNOUNCED": self = .announced
        case "SELLING": self = .selling
        case "DRAWING": self = .drawing
        case "COMPLETED": self = .completed
        case "CANCELLED": self = .cancelled
        default: self = .unknown(rawValue)
        }
    }

    /// The value as the server spells it.
    public var rawValue: String {
        switch self {
        case .announced: return "ANNOUNCED"
        case .selling: return "SELLING"
        case .drawing: return "DRAWING"
        case .completed: return "COMPLETED"
        case .cancelled: return "CANCELLED"
        case .unknown(let rawValue): return rawValue
        }
    }

    /// The values the schema had.
    public static var allCases: [DrawStatus] { [.announced, .selling, .drawing, .completed, .cancelled] }
}
