/// How much memory one subscription may hold, whatever the server sends.
///
/// - One event (an SSE event's `data`, a multipart part, a WebSocket message) larger than ``maximumEventSize`` ends
///   the subscription with ``APIError/responseTooLarge(operation:limit:)``; it is never read whole into memory
///   first (the parsers stop at the limit, without a terminator or not).
/// - Events the consumer has not read yet: over Server-Sent Events and multipart, the streaming transport bounds
///   the unread bytes of each subscription's connection (``URLSessionStreamingTransport/maximumBufferedBytes``,
///   with back-pressure first where `URLSession` can pause a data task). Over a WebSocket every subscription shares
///   one socket, which keeps being read (pings, the other subscriptions): a subscription whose consumer lets more
///   than ``maximumBufferedBytes`` of events pile up unread ends with ``APIError/responseTooLarge(operation:limit:)``
///   (and `complete` is sent to the server); the others go on.
public struct GraphQLSubscriptionLimits: Sendable, Hashable {
    /// The largest event, part or message accepted, in bytes. Default 16 MiB.
    public var maximumEventSize: Int
    /// Over a WebSocket, the most bytes of a subscription's events held unread. Default 8 MiB (one event larger than
    /// this is still accepted when nothing else is unread).
    public var maximumBufferedBytes: Int

    /// Creates limits; every parameter has the default its property describes.
    public init(maximumEventSize: Int = 16 << 20, maximumBufferedBytes: Int = 8 << 20) {
        self.maximumEventSize = max(1, maximumEventSize)
        self.maximumBufferedBytes = max(1, maximumBufferedBytes)
    }
}
