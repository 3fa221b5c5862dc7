import GraphQLParser

/// The outcome of a ``CodegenPipeline`` run: the generated files (none when there is an error) and every
/// diagnostic, in stage order.
public struct CodegenResult: Sendable {
    /// The generated files; empty when an error stopped the run.
    public var files: [GeneratedFile]
    /// The errors and warnings of every stage that ran.
    public var diagnostics: [Diagnostic]
    /// The plan, when planning ran.
    public var plan: CodegenPlan?

    /// Creates a result.
    /// - Parameters:
    ///   - files: The generated files.
    ///   - diagnostics: The diagnostics.
    ///   - plan: The plan.
    public init(files: [GeneratedFile], diagnostics: [Diagnostic], plan: CodegenPlan? = nil) {
        self.files = files
        self.diagnostics = diagnostics
        self.plan = plan
    }

    /// Whether a diagnostic is an error (then ``files`` is empty).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
