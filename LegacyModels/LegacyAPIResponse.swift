import Foundation

/// A decoded REST result together with what it cost: bytes received and latency.
public struct LegacyAPIResponse<Value> {
    /// The envelope's decoded `result`.
    public var value: Value
    /// The HTTP status code of the response.
    public var httpStatus: Int
    /// Number of body bytes received, as delivered by `URLSession` (after content decoding, headers excluded).
    public var byteCount: Int
    /// Time from sending the request to having the whole body (decoding excluded).
    public var duration: Duration
    /// The URL that was requested.
    public var url: URL

    /// Creates a response from its parts.
    public init(value: Value, httpStatus: Int, byteCount: Int, duration: Duration, url: URL) {
        self.value = value
        self.httpStatus = httpStatus
        self.byteCount = byteCount
        self.duration = duration
        self.url = url
    }
}

extension LegacyAPIResponse: Sendable where Value: Sendable {}
extension LegacyAPIResponse: Equatable where Value: Equatable {}
