/// The kinds of lexical tokens, with graphql-core's descriptions for error messages.
enum TokenKind: UInt8, Sendable {
    case sof, eof
    case bang, dollar, amp, parenL, parenR, dot, spread, colon, equals, at, bracketL, bracketR, braceL, pipe, braceR
    case name, int, float, string, blockString

    /// The kind as graphql-core describes it: `'{'`, `Name`, `<EOF>`.
    var errorDescription: String {
        switch self {
        case .sof: "<SOF>"
        case .eof: "<EOF>"
        case .bang: "'!'"
        case .dollar: "'$'"
        case .amp: "'&'"
        case .parenL: "'('"
        case .parenR: "')'"
        case .dot: "'.'"
        case .spread: "'...'"
        case .colon: "':'"
        case .equals: "'='"
        case .at: "'@'"
        case .bracketL: "'['"
        case .bracketR: "']'"
        case .braceL: "'{'"
        case .pipe: "'|'"
        case .braceR: "'}'"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}
