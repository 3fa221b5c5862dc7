/// A selection set the parser has opened but not closed yet, with what it belongs to. The parser keeps these
/// on an explicit stack, so nested selection sets do not use the call stack.
struct PendingSelectionSet {
    /// What the selection set belongs to.
    enum Owner {
        /// The outermost selection set being parsed.
        case root
        /// A field whose alias, name, arguments and directives are parsed.
        case field(alias: Name?, name: Name, arguments: [Argument], directives: [Directive], start: Token)
        /// An inline fragment whose type condition and directives are parsed.
        case inlineFragment(typeCondition: NamedType?, directives: [Directive], start: Token)
    }

    /// What the selection set belongs to.
    var owner: Owner
    /// The `{` token.
    var start: Token
    /// The selections parsed so far.
    var selections: [Selection] = []
}
