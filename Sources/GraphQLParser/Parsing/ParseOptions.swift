/// Options for ``Parser``.
public struct ParseOptions: Sendable, Hashable {
    /// The default options: locations recorded, no token limit, nesting limited to 200 levels.
    public static let `default` = ParseOptions()

    /// Skip recording source locations: every node's location is ``SourceLocation/unknown``.
    ///
    /// Useful to compare two ASTs regardless of layout. Like graphql-core's `no_location`.
    public var noLocation: Bool

    /// The most tokens (not counting comments) a document may have, or `nil` for no limit. A server should set
    /// it to bound the work an untrusted request can cause. Like graphql-core's `max_lexical_tokens`.
    ///
    /// Exceeding it throws `Syntax Error: Document contains more than N tokens. Parsing aborted.`.
    public var maxTokens: Int?

    /// The deepest nesting of selection sets, list and object values and list types, together. Like
    /// graphql-core, which uses 200; deeper documents throw
    /// `Syntax Error: Document is nested too deeply. Parsing aborted.`.
    ///
    /// The parser itself reads nested constructs with explicit stacks, so its call stack use does not grow with
    /// nesting. Code that walks an AST recursively (printing, comparing, and Swift's own destruction of nested
    /// values) does use stack per level: at the default limit that stays far below the 512 KB of a secondary
    /// thread on Apple platforms; raise the limit only with that in mind.
    public var maxNestingDepth: Int

    /// Creates parse options.
    /// - Parameters:
    ///   - noLocation: Skip recording source locations.
    ///   - maxTokens: The most tokens a document may have, or `nil` for no limit.
    ///   - maxNestingDepth: The deepest nesting allowed.
    public init(noLocation: Bool = false, maxTokens: Int? = nil, maxNestingDepth: Int = 200) {
        self.noLocation = noLocation
        self.maxTokens = maxTokens
        self.maxNestingDepth = maxNestingDepth
    }
}
