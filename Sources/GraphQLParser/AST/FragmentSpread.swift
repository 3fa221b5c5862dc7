/// A named fragment spread: `...Name @directives`.
public struct FragmentSpread: ASTNode {
    /// The fragment name.
    public var name: Name

    /// The directives.
    public var directives: [Directive]

    /// Where the `...` is.
    public var location: SourceLocation

    /// Creates a fragment spread.
    /// - Parameters:
    ///   - name: The fragment name.
    ///   - directives: The directives.
    ///   - location: Where the `...` is.
    public init(name: Name, directives: [Directive] = [], location: SourceLocation = .unknown) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}
