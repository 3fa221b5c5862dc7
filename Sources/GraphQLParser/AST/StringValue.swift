/// A string literal: a value or a description, written `"..."` or as a `"""` block string.
public struct StringValue: ASTNode, CustomStringConvertible {
    /// The string's value: escapes decoded; for block strings, common indentation and leading and trailing
    /// blank lines removed as the spec's `BlockStringValue()` (and graphql-js) does.
    public var value: String

    /// Whether the source wrote it as a `"""` block string.
    public var isBlock: Bool

    /// Where the opening quote is.
    public var location: SourceLocation

    /// Creates a string literal.
    /// - Parameters:
    ///   - value: The string's value.
    ///   - isBlock: Whether it is written as a block string.
    ///   - location: Where the opening quote is.
    public init(_ value: String, isBlock: Bool = false, location: SourceLocation = .unknown) {
        self.value = value
        self.isBlock = isBlock
        self.location = location
    }

    /// The string's value.
    public var description: String { value }
}
