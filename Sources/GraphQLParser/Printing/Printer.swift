/// Prints AST nodes as GraphQL text.
///
/// ```swift
/// let document = try Parser.parse(Source(text))
/// Printer.minified(document)  // query Game($id:ID!){game(id:$id){...GameDetails}}
/// Printer.pretty(document)    // graphql-core's print_ast layout
/// ```
///
/// Both forms parse back to the same AST (locations aside).
public enum Printer {
    /// The node in graphql-core 3.3's `print_ast` layout (graphql-js style): two-space indentation, one
    /// selection per line, arguments wrapped onto their own lines when a line would exceed 80 characters,
    /// descriptions above the definitions they describe, definitions separated by a blank line, no trailing
    /// newline.
    /// - Parameter node: Any AST node.
    /// - Returns: The printed text.
    public static func pretty(_ node: some ASTNode) -> String {
        PrettyPrinter().print(node)
    }

    /// The node in the most compact form that parses back to the same AST, for sending operations over the
    /// wire: no comments, no commas, and a space only where two tokens would otherwise run together (two
    /// names or numbers, a number and `...`, two strings). For example
    /// `query Game($id:ID!){game(id:$id){...GameDetails}}`.
    ///
    /// Block strings stay block strings (printed without the extra line breaks), so a block string whose value
    /// has several lines keeps its line breaks, as in graphql-js' `stripIgnoredCharacters`.
    /// - Parameter node: Any AST node.
    /// - Returns: The printed text.
    public static func minified(_ node: some ASTNode) -> String {
        var printer = MinifiedPrinter()
        printer.write(node)
        return printer.output
    }
}
