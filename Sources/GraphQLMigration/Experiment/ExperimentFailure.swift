/// An error thrown by a control or candidate, with its description captured when it happened.
public struct ExperimentFailure: Sendable, CustomStringConvertible {
    /// The error as thrown.
    public let error: any Error
    /// `String(describing: error)`.
    public let description: String
    /// The error's dynamic type, e.g. `"URLError"`.
    public let typeName: String

    /// Captures `error`.
    public init(_ error: any Error) {
        self.error = error
        description = String(describing: error)
        typeName = String(reflecting: type(of: error))
    }
}
