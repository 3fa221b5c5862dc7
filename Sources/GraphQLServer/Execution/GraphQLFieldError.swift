/// An error raised while resolving one field; the executor adds the path and locations.
package struct GraphQLFieldError: Error, Sendable {
    /// What went wrong.
    package let message: String
    /// Members of the error's `extensions`, e.g. `("code", "LEDGER_UNAVAILABLE")`.
    package let extensions: [(String, JSONValue)]

    /// Creates a field error.
    package init(_ message: String, code: String? = nil) {
        self.message = message
        extensions = code.map { [("code", JSONValue.string($0))] } ?? []
    }
}
