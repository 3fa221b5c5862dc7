import Foundation

/// What one REST request cost, reported to `LegacyAPIClient`'s `metrics` callback for every HTTP response
/// received (whether or not its body then decodes).
public struct LegacyRequestMetrics: Equatable, Sendable {
    /// The URL that was requested.
    public var url: URL
    /// The HTTP status code of the response.
    public var httpStatus: Int
    /// Number of body bytes received, as delivered by `URLSession` (after content decoding, headers excluded).
    public var byteCount: Int
    /// Time from sending the request to having the whole body.
    public var duration: Duration
    /// The body as received (what a comparison records as the REST fixture with `--record`).
    public var body: Data

    /// Creates metrics from their parts.
    public init(url: URL, httpStatus: Int, byteCount: Int, duration: Duration, body: Data = Data()) {
        self.url = url
        self.httpStatus = httpStatus
        self.byteCount = byteCount
        self.duration = duration
        self.body = body
    }
}
