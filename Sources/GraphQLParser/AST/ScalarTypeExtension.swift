/// A scalar type extension: `extend scalar Name @directives`.
public struct ScalarTypeExtension: ASTNode {
    /// The extended type's name.
    public var name: Name

    /// The added directives (at least one).
    public var directives: [Directive]

    /// Where the extension starts (`extend`).
    public var location: SourceLocation

    /// Creates a scalar type extension.
    /// - Parameters:
    ///   - name: The extended type's name.
    ///   - directives: The added directives.
    ///   - location: Where the extension starts.
    public init(name: Name, directives: [Directive], location: SourceLocation = .unknown) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}
