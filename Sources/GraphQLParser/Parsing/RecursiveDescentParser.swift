/// The recursive descent parser behind ``Parser``.
///
/// Its rules mirror graphql-core 3.3's `Parser` method by method, so that it accepts the same documents and
/// reports the first error at the same place with the same message.
struct RecursiveDescentParser {
    /// The lexer; `token` is the token it read last.
    var lexer: Lexer
    /// The current token.
    var token: Token = .startOfFile
    /// Whether to skip recording locations.
    let noLocation: Bool
    /// The token limit, if any.
    let maxTokens: Int?
    /// The nesting limit.
    let maxNestingDepth: Int
    /// The name put into every location.
    let fileName: String
    /// The current nesting depth of selection sets, lists, objects and list types.
    var depth = 0
    /// The number of tokens read so far (counted only with a token limit).
    var tokenCount = 0

    /// Creates a parser over a source's bytes; call ``advance()`` to read the first token.
    init(bytes: UnsafeBufferPointer<UInt8>, sourceName: String, options: ParseOptions) {
        lexer = Lexer(bytes: bytes, sourceName: sourceName)
        noLocation = options.noLocation
        maxTokens = options.maxTokens
        maxNestingDepth = options.maxNestingDepth
        fileName = sourceName
    }

    // MARK: Token helpers

    /// Moves to the next token, enforcing the token limit.
    mutating func advance() throws(ParseError) {
        token = try lexer.next()
        if let maxTokens, token.kind != .eof {
            tokenCount += 1
            if tokenCount > maxTokens { throw tooManyTokensError(maxTokens) }
        }
    }

    // The errors are built out of line, so that the recursive rules keep small stack frames.

    @inline(never)
    func tooManyTokensError(_ maxTokens: Int) -> ParseError {
        lexer.error(at: token.start, "Document contains more than \(maxTokens) tokens. Parsing aborted.")
    }

    @inline(never)
    func expectedError(_ kind: TokenKind) -> ParseError {
        lexer.error(at: token.start, "Expected \(kind.errorDescription), found \(lexer.describe(token)).")
    }

    @inline(never)
    func expectedKeywordError(_ keyword: StaticString) -> ParseError {
        lexer.error(at: token.start, "Expected '\(keyword)', found \(lexer.describe(token)).")
    }

    @inline(never)
    func nestedTooDeeplyError() -> ParseError {
        lexer.error(at: token.start, "Document is nested too deeply. Parsing aborted.")
    }

    /// The token after the current one, without moving.
    func lookahead() throws(ParseError) -> Token {
        var copy = lexer
        return try copy.next()
    }

    /// The location of a token.
    @inline(__always)
    func location(_ start: Token) -> SourceLocation {
        if noLocation { return .unknown }
        return SourceLocation(fileName: fileName, line: start.line, column: start.column, utf8Offset: start.start)
    }

    @inline(__always)
    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes a token of the given kind or throws `Expected X, found Y.`.
    @discardableResult
    mutating func expect(_ kind: TokenKind) throws(ParseError) -> Token {
        let current = token
        guard current.kind == kind else { throw expectedError(kind) }
        try advance()
        return current
    }

    /// Consumes a token of the given kind if it is the current one.
    @inline(__always)
    mutating func expectOptional(_ kind: TokenKind) throws(ParseError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes the given keyword or throws `Expected 'keyword', found Y.`.
    mutating func expectKeyword(_ keyword: StaticString) throws(ParseError) {
        guard isKeyword(token, keyword) else { throw expectedKeywordError(keyword) }
        try advance()
    }

    /// Consumes the given keyword if it is the current token.
    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(ParseError) -> Bool {
        guard isKeyword(token, keyword) else { return false }
        try advance()
        return true
    }

    /// Whether a token is a name with the given text.
    func isKeyword(_ candidate: Token, _ keyword: StaticString) -> Bool {
        guard candidate.kind == .name, candidate.end - candidate.start == keyword.utf8CodeUnitCount else {
            return false
        }
        let pointer = keyword.utf8Start
        for index in 0..<keyword.utf8CodeUnitCount where lexer.bytes[candidate.start + index] != pointer[index] {
            return false
        }
        return true
    }

    /// Whether a token's value (as graphql-core's `token.value`) equals the given text.
    func valueEquals(_ candidate: Token, _ text: StaticString) -> Bool {
        switch candidate.kind {
        case .name: isKeyword(candidate, text)
        case .string, .blockString: lexer.value(of: candidate) == text.description
        default: false
        }
    }

    /// `Unexpected X.` at a token (the current one by default).
    @inline(never)
    func unexpected(_ at: Token? = nil) -> ParseError {
        let culprit = at ?? token
        return lexer.error(at: culprit.start, "Unexpected \(lexer.describe(culprit)).")
    }

    /// Enters one level of nesting, throwing when the limit is exceeded.
    @inline(__always)
    mutating func enterNesting() throws(ParseError) {
        depth += 1
        if depth > maxNestingDepth { throw nestedTooDeeplyError() }
    }

    /// The text of the current name token, as a `Name` node, after consuming it.
    @inline(never)
    mutating func parseName() throws(ParseError) -> Name {
        let nameToken = try expect(.name)
        return Name(lexer.text(from: nameToken.start, to: nameToken.end), location: location(nameToken))
    }

    // MARK: Document

    /// `Document: Definition+`.
    mutating func parseDocument() throws(ParseError) -> Document {
        let start = location(Token(kind: .sof, start: 0, end: 0, line: 1, column: 1, hasEscape: false))
        try advance()
        var definitions: [Definition] = []
        repeat {
            definitions.append(try parseDefinition())
        } while !(try expectOptional(.eof))
        return Document(definitions: definitions, location: start)
    }

    /// `Definition: ExecutableDefinition | TypeSystemDefinition | TypeSystemExtension`.
    mutating func parseDefinition() throws(ParseError) -> Definition {
        if peek(.braceL) { return .operation(try parseOperationDefinition()) }
        let hasDescription = peekDescription()
        let keywordToken = hasDescription ? try lookahead() : token
        if hasDescription && keywordToken.kind == .braceL {
            throw lexer.error(
                at: token.start,
                "Unexpected description, descriptions are not supported on shorthand queries."
            )
        }
        if keywordToken.kind == .name {
            switch lexer.text(from: keywordToken.start, to: keywordToken.end) {
            case "schema": return .typeSystem(.schema(try parseSchemaDefinition()))
            case "scalar": return .typeSystem(.type(.scalar(try parseScalarTypeDefinition())))
            case "type": return .typeSystem(.type(.object(try parseObjectTypeDefinition())))
            case "interface": return .typeSystem(.type(.interface(try parseInterfaceTypeDefinition())))
            case "union": return .typeSystem(.type(.union(try parseUnionTypeDefinition())))
            case "enum": return .typeSystem(.type(.enum(try parseEnumTypeDefinition())))
            case "input": return .typeSystem(.type(.inputObject(try parseInputObjectTypeDefinition())))
            case "directive": return .typeSystem(.directive(try parseDirectiveDefinition()))
            case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
            case "fragment": return .fragment(try parseFragmentDefinition())
            default: break
            }
            if hasDescription {
                throw lexer.error(
                    at: token.start,
                    "Unexpected description, only GraphQL definitions support descriptions."
                )
            }
            if isKeyword(keywordToken, "extend") { return .typeSystemExtension(try parseTypeSystemExtension()) }
        }
        throw unexpected(keywordToken)
    }
}
