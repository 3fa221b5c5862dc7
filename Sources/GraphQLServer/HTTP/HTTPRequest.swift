/// One parsed HTTP/1.x request.
package struct HTTPRequest: Sendable {
    /// The method, e.g. `GET`.
    public let method: String
    /// The request target as sent, e.g. `/api/v1/games?active=0`.
    public let target: String
    /// The percent-decoded path segments of the target's path (`/api/v1/games` -> `["api", "v1", "games"]`);
    /// `nil` when a segment is not valid percent-encoded UTF-8.
    public let pathSegments: [String]?
    /// The raw path of the target (before `?`), undecoded.
    public let path: String
    /// The decoded query parameters in order (`+` is a space), without the ones that fail to decode.
    public let queryItems: [(name: String, value: String)]
    /// `1` for HTTP/1.1, `0` for HTTP/1.0.
    public let minorVersion: Int
    /// The header fields in order, names as sent.
    public let headers: [(name: String, value: String)]
    /// The body (empty when there is none).
    public let body: [UInt8]

    /// Creates a request; the path and query are split off `target`.
    public init(
        method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
        let pathPart: Substring
        let queryPart: Substring?
        if let question = target.firstIndex(of: "?") {
            pathPart = target[..<question]
            queryPart = target[target.index(after: question)...]
        } else {
            pathPart = target[...]
            queryPart = nil
        }
        path = String(pathPart)
        var segments: [String] = []
        var valid = true
        for raw in pathPart.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = HTTPRequest.percentDecode(raw, plusIsSpace: false) else {
                valid = false
                break
            }
            segments.append(decoded)
        }
        pathSegments = valid ? segments : nil
        var items: [(name: String, value: String)] = []
        for pair in (queryPart ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = pair.firstIndex(of: "=") {
                name = pair[..<equals]
                value = pair[pair.index(after: equals)...]
            } else {
                name = pair
                value = ""
            }
            if let decodedName = HTTPRequest.percentDecode(name, plusIsSpace: true),
                let decodedValue = HTTPRequest.percentDecode(value, plusIsSpace: true)
            {
                items.append((decodedName, decodedValue))
            }
        }
        queryItems = items
    }

    /// The value of the first header field with this name (case-insensitive), if any.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The value of the first query parameter with this name, if any.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Whether the client asked to keep the connection open after this request.
    public var wantsKeepAlive: Bool {
        let tokens = headers.filter { $0.name.lowercased() == "connection" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingOWS().lowercased() }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// Decodes `%XX` escapes (and `+` when `plusIsSpace`); `nil` when an escape or the UTF-8 is invalid.
    package static func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.popFirst().flatMap(hexValue), let low = iterator.popFirst().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            } else if byte == UInt8(ascii: "+") && plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
