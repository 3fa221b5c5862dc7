/// A position in a GraphQL source: file name, 1-based line and column, and byte offset.
///
/// Lines and columns are counted exactly as graphql-js and graphql-core count them: `\n`, `\r\n` and a lone
/// `\r` each end a line, and a column is one Unicode scalar (code point), so a character outside the Basic
/// Multilingual Plane, such as an emoji, is one column and a byte order mark is one column too.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The location of nodes built in code, or parsed with ``ParseOptions/noLocation``: empty file name, line 0,
    /// column 0, offset 0.
    public static let unknown = SourceLocation(fileName: "", line: 0, column: 0, utf8Offset: 0)

    /// The name of the source (file path or request name).
    public var fileName: String

    /// The 1-based line number.
    public var line: Int

    /// The 1-based column number, counted in Unicode scalars.
    public var column: Int

    /// The 0-based offset in the UTF-8 encoding of the source text.
    public var utf8Offset: Int

    /// Creates a location.
    /// - Parameters:
    ///   - fileName: The name of the source.
    ///   - line: The 1-based line number.
    ///   - column: The 1-based column number, in Unicode scalars.
    ///   - utf8Offset: The 0-based offset in the source's UTF-8 bytes.
    public init(fileName: String, line: Int, column: Int, utf8Offset: Int) {
        self.fileName = fileName
        self.line = line
        self.column = column
        self.utf8Offset = utf8Offset
    }

    /// Whether this is a real position (line and column are at least 1).
    public var isKnown: Bool { line > 0 && column > 0 }

    /// `file:line:column`, the prefix compilers put in front of a diagnostic.
    public var description: String { "\(fileName):\(line):\(column)" }

    /// Orders locations by file name, then by position in the file.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileName != rhs.fileName { return lhs.fileName < rhs.fileName }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        return lhs.utf8Offset < rhs.utf8Offset
    }
}
