/// The server's size and time limits.
package struct HTTPLimits: Sendable {
    /// The largest request head (request line and header fields), in bytes; larger gets 431.
    package var maximumHeadBytes = 16 * 1_024
    /// The largest request body, in bytes; larger gets 413.
    package var maximumBodyBytes = 1_024 * 1_024
    /// How long a read or write may block before the connection is closed (idle keep-alive included).
    package var ioTimeoutSeconds = 30
    /// How many connections are served at once; more get 503 and are closed.
    package var maximumConnections = 256

    /// The default limits.
    package init() {}
}
