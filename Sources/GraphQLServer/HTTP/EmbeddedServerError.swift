import Foundation

/// Why the embedded server could not start.
public enum EmbeddedServerError: Error, Equatable, CustomStringConvertible {
    /// A socket call failed; `call` is the POSIX function, `errno` its error number.
    case socketCallFailed(call: String, errno: Int32)
    /// The port could not be bound (in use, or not permitted).
    case bindFailed(port: UInt16, errno: Int32)

    /// What failed, with the system's message.
    public var description: String {
        switch self {
        case .socketCallFailed(let call, let code):
            return "\(call)() failed: \(POSIXSocket.errorMessage(code)) (errno \(code))"
        case .bindFailed(let port, let code):
            return "cannot bind 127.0.0.1:\(port): \(POSIXSocket.errorMessage(code)) (errno \(code))"
        }
    }
}

extension EmbeddedServerError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
