import Foundation

/// Reads a `text/event-stream` body as it arrives (the WHATWG HTML standard's event stream format): lines end
/// with CR, LF or CRLF (also when a CR and its LF arrive in two pieces), `:` starts a comment (a heartbeat),
/// `data` lines are joined with LF, and a blank line dispatches the event (none when it has no data).
struct ServerSentEventParser {
    /// One dispatched event.
    struct Event: Sendable, Hashable {
        /// The `event` field; `message` when the event had none.
        var type: String
        /// The `data` lines joined with LF.
        var data: Data
        /// The `id` field, if any.
        var id: String?
    }

    /// An event (its data and the line being read) larger than the limit.
    struct EventTooLarge: Error, Sendable, Hashable {
        /// The limit, in bytes.
        var limit: Int
    }

    private var line: [UInt8] = []
    private var previousWasCR = false
    private var eventType: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var id: String?
    /// The largest event accepted (its `data` lines and the line being read together), so that a stream without
    /// line ends or blank lines cannot grow memory.
    let maximumEventSize: Int
    /// How many bytes were looked at (for the linearity check: each byte once).
    private(set) var bytesScanned = 0

    init(maximumEventSize: Int = 16 << 20) {
        self.maximumEventSize = maximumEventSize
    }

    /// Feeds the next piece of the body; returns the events it completed, in order. Each byte is looked at once:
    /// a line's bytes are found with one scan for CR or LF and appended in one copy.
    mutating func feed(_ bytes: Data) throws(EventTooLarge) -> [Event] {
        var events: [Event] = []
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            if previousWasCR {
                previousWasCR = false
                if bytes[index] == 0x0A {
                    bytesScanned += 1
                    index += 1
                    continue
                }
            }
            let lineEnd = bytes[index...].firstIndex { $0 == 0x0D || $0 == 0x0A } ?? end
            bytesScanned += lineEnd - index + (lineEnd < end ? 1 : 0)
            if lineEnd > index {
                guard line.count + (lineEnd - index) + data.count <= maximumEventSize else {
                    throw EventTooLarge(limit: maximumEventSize)
                }
                line.append(contentsOf: bytes[index..<lineEnd])
            }
            guard lineEnd < end else { break }
            if bytes[lineEnd] == 0x0D { previousWasCR = true }
            if let event = endLine() { events.append(event) }
            index = lineEnd + 1
        }
        return events
    }

    private mutating func endLine() -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event": eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) { id = String(decoding: value, as: UTF8.self) }
        default: break  // `retry` and unknown fields: the client's own backoff applies
        }
        return nil
    }

    private mutating func dispatch() -> Event? {
        defer {
            eventType = nil
            data.removeAll(keepingCapacity: true)
            hasData = false
        }
        guard hasData else { return nil }
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        return Event(type: type, data: Data(data), id: id)
    }
}
