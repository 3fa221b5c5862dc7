/// A lexical token: its kind and where it is. Values are decoded from the source bytes on demand.
struct Token: Sendable {
    /// The kind of token.
    var kind: TokenKind
    /// The UTF-8 offset of the first byte.
    var start: Int
    /// The UTF-8 offset after the last byte.
    var end: Int
    /// The 1-based line.
    var line: Int
    /// The 1-based column, in Unicode scalars.
    var column: Int
    /// For `.string` tokens: whether the string contains escape sequences.
    var hasEscape: Bool

    /// The start-of-file token the parser begins with.
    static let startOfFile = Token(kind: .sof, start: 0, end: 0, line: 0, column: 0, hasEscape: false)
}
