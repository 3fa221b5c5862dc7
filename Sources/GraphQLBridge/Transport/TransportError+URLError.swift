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
            self.init(
                .connection, "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))",
                requestCertainlyNotSent: TransportError.certainlyNotSentCodes.contains(urlError.code))
        }
    }

    /// The `URLError` codes that mean no connection to the server was ever made, so no byte of the request
    /// reached it: the name did not resolve, the connection was refused or impossible, the URL was unusable.
    /// A lost connection or a TLS failure is not among them: the server may have seen the request.
    static let certainlyNotSentCodes: Set<URLError.Code> = [
        .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet, .badURL, .unsupportedURL,
        .internationalRoamingOff, .dataNotAllowed, .callIsActive,
    ]
}
