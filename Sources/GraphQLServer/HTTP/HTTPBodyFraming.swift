/// How a request's body is delimited.
package enum HTTPBodyFraming: Equatable {
    /// No body.
    case none
    /// Exactly this many bytes follow the head.
    case contentLength(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
}
