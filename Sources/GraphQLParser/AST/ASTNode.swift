/// A node of a GraphQL abstract syntax tree.
///
/// Every node knows where it starts in its source. Nodes are values: equality compares the whole subtree,
/// locations included (parse with ``ParseOptions/noLocation`` to compare structure only).
public protocol ASTNode: Sendable, Hashable {
    /// Where the node's first token is.
    var location: SourceLocation { get }
}
