/// A GraphQL document's text together with the name used for it in diagnostics.
///
/// The name is usually a file path (`Sources/App/Operations.graphql`) or, for documents received by a
/// server, the default `"GraphQL request"` that graphql-js and graphql-core use.
public struct Source: Sendable, Hashable {
    /// The name graphql-js and graphql-core give to a source without a name of its own.
    public static let defaultName = "GraphQL request"

    /// The GraphQL text.
    public let text: String

    /// The name used for this source in diagnostics and in every ``SourceLocation`` of its AST.
    public let name: String

    /// Creates a source from GraphQL text.
    /// - Parameters:
    ///   - text: The GraphQL text.
    ///   - name: The name reported in diagnostics, such as a file path.
    public init(_ text: String, name: String = Source.defaultName) {
        self.text = text
        self.name = name
    }
}
