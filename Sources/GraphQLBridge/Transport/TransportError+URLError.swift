import Foundation

extension TransportError {
    /// The transport error for a `URLError`: cancelled, timed out, or a connection failure with the
    /// error's text and code.
    init(_ urlError: URLError) {
        switch urlError.code {
        case .cancelled:
            self.init(.cancelled, "the request was cancelled")
        case .timedOut:
            self.init(.timedOut, "the server did not answer in time (\(urlError.localizedDescription))")
        default:
            self.init(.connection, "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        }
    }
}
