/// A directive extension, `extend directive @name @directives` (accepted by graphql-core 3.3; not in the
/// September 2025 spec).
public struct DirectiveExtension: ASTNode {
    /// The extended directive's name, without the `@`.
    public var name: Name

    /// The added directives (at least one).
    public var directives: [Directive]

    /// Where the extension starts (`extend`).
    public var location: SourceLocation

    /// Creates a directive extension.
    /// - Parameters:
    ///   - name: The extended directive's name.
    ///   - directives: The added directives.
    ///   - location: Where the extension starts.
    public init(name: Name, directives: [Directive], location: SourceLocation = .unknown) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}
