import GraphQLParser

/// Prints diagnostics the way compilers do, so editors and Xcode link them to the place:
/// `path:line:column: error: message`.
enum DiagnosticFormatter {
    /// One line per diagnostic (a diagnostic without a place has no `path:line:column:` prefix).
    static func format(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { line($0) + "\n" }.joined()
    }

    static func line(_ diagnostic: Diagnostic) -> String {
        let message = diagnostic.message.replacingOccurrences(of: "\n", with: " ")
        if diagnostic.location.isKnown {
            return "\(diagnostic.location): \(diagnostic.severity.rawValue): \(message)"
        }
        if !diagnostic.location.fileName.isEmpty {
            return "\(diagnostic.location.fileName): \(diagnostic.severity.rawValue): \(message)"
        }
        return "\(diagnostic.severity.rawValue): \(message)"
    }
}
