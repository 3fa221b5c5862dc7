/// A stubbed value that ``GraphQLStubTransport`` cannot send as a server would: the test's mistake, reported
/// where the request is made (the client's `APIError.transport` carries this text).
///
/// A value and its type case view (`asX`, for a field of an interface or union type) or a fragment that give a
/// shared field two different values is one: the server sends one value per field.
public struct GraphQLStubError: Error, Hashable, CustomStringConvertible {
    /// The operation whose stub failed (`MoviesQuery`).
    public var operation: String
    /// The path of the field in the stubbed data (`movies[0].title`).
    public var path: String
    /// What is wrong, in words.
    public var reason: String

    /// Creates the error.
    public init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// The operation, the field and what to change.
    public var description: String {
        "the stub of \(operation) cannot be sent: \(reason) (at \(path.isEmpty ? "the data's root" : path))"
    }
}
