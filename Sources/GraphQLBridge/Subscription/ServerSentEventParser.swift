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

    private var line: [UInt8] = []
    private var previousWasCR = false
    private var eventType: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var id: String?
    /// The longest line accepted (a larger one is cut off), so a stream without line ends cannot grow memory.
    private let maximumLineLength: Int

    init(maximumLineLength: Int = 32 << 20) {
        self.maximumLineLength = maximumLineLength
    }

    /// Feeds the next piece of the body; returns the events it completed, in order.
    mutating func feed(_ bytes: Data) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            if previousWasCR {
                previousWasCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0D:
                previousWasCR = true
                if let event = endLine() { events.append(event) }
            case 0x0A:
                if let event = endLine() { events.append(event) }
            default:
                if line.count < maximumLineLength { line.append(byte) }
            }
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
