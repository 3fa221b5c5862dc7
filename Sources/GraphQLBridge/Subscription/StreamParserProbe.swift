import Foundation

/// The subscription stream parsers, for the `streams` benchmark: runs one over a body cut into pieces and reports
/// what it found and how many bytes it scanned. Not part of the API.
@_spi(Testing)
public enum StreamParserProbe {
    /// What a parser made of a body: events or parts, and bytes scanned.
    public struct Outcome: Sendable, Hashable {
        /// The events (SSE) or parts (multipart) completed.
        public var items: Int
        /// The bytes of the items.
        public var itemBytes: Int
        /// How many bytes the parser looked at.
        public var bytesScanned: Int

        /// Creates an outcome.
        public init(items: Int, itemBytes: Int, bytesScanned: Int) {
            self.items = items
            self.itemBytes = itemBytes
            self.bytesScanned = bytesScanned
        }
    }

    /// Feeds `pieces` to a Server-Sent Events parser.
    public static func serverSentEvents(_ pieces: [Data], maximumEventSize: Int = 1 << 30) throws -> Outcome {
        var parser = ServerSentEventParser(maximumEventSize: maximumEventSize)
        var outcome = Outcome(items: 0, itemBytes: 0, bytesScanned: 0)
        for piece in pieces {
            for event in try parser.feed(piece) {
                outcome.items += 1
                outcome.itemBytes += event.data.count
            }
        }
        outcome.bytesScanned = parser.bytesScanned
        return outcome
    }

    /// Feeds `pieces` to a `multipart/mixed` parser.
    public static func multipart(_ pieces: [Data], boundary: String, maximumPartSize: Int = 1 << 30) throws -> Outcome {
        var parser = MultipartMixedParser(boundary: boundary, maximumPartSize: maximumPartSize)
        var outcome = Outcome(items: 0, itemBytes: 0, bytesScanned: 0)
        for piece in pieces {
            for output in try parser.feed(piece) {
                if case .part(let part) = output {
                    outcome.items += 1
                    outcome.itemBytes += part.count
                }
            }
        }
        outcome.bytesScanned = parser.bytesScanned
        return outcome
    }
}
