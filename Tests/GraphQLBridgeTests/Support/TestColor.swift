import GraphQLBridge

/// A schema enum in the form the code generator emits.
enum TestColor: GraphQLEnum {
    case red
    case green
    case unknown(String)

    init(rawValue: String) {
        switch rawValue {
        case "RED": self = .red
        case "GREEN": self = .green
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .red: return "RED"
        case .green: return "GREEN"
        case .unknown(let rawValue): return rawValue
        }
    }

    static var allCases: [TestColor] { [.red, .green] }
}
