/// A GraphQL name (`[_A-Za-z][_0-9A-Za-z]*`) and where it appears.
public struct Name: ASTNode, CustomStringConvertible {
    /// The name's text.
    public var value: String

    /// Where the name appears.
    public var location: SourceLocation

    /// Creates a name.
    /// - Parameters:
    ///   - value: The name's text.
    ///   - location: Where it appears.
    public init(_ value: String, location: SourceLocation = .unknown) {
        self.value = value
        self.location = location
    }

    /// The name's text.
    public var description: String { value }
}
