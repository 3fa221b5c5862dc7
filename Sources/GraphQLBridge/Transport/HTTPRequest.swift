import Foundation

/// An HTTP request as the runtime hands it to middlewares and the transport.
public struct HTTPRequest: Sendable, Hashable {
    /// `POST` for GraphQL operations.
    public var method: String
    /// The endpoint.
    public var url: URL
    /// Header fields; names compare case-insensitively through ``HTTPHeaders``.
    public var headers: HTTPHeaders
    /// How long the transport may wait for the server between bytes before giving up.
    public var timeout: Duration

    /// Creates a request.
    public init(method: String = "POST", url: URL, headers: HTTPHeaders = [:], timeout: Duration = .seconds(30)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}

/// An HTTP response's head.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: HTTPHeaders

    /// Creates a response head.
    public init(status: Int, headers: HTTPHeaders = [:]) {
        self.status = status
        self.headers = headers
    }

    /// The media type of `Content-Type` without parameters, lowercased (`application/json`).
    public var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        if let ascii = Self.asciiMediaType(value) { return ascii }
        let type =
            value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? value
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The media type of an ASCII `Content-Type` (every response's, in practice), read byte by byte: what comes before
    /// `;`, without surrounding spaces and tabs (the ASCII members of `CharacterSet.whitespaces`), lowercased; `nil`
    /// when the value has a byte past ASCII, which Foundation's rules then read.
    private static func asciiMediaType(_ value: String) -> String? {
        var value = value
        return value.withUTF8 { asciiMediaType(bytes: $0) }
    }

    private static func asciiMediaType(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var end = bytes.count
        var lowercase = true
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: ";") {
                end = index
                break
            }
            if (0x41...0x5A).contains(byte) { lowercase = false }
        }
        var start = 0
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if lowercase { return String(decoding: slice, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: slice.count) { buffer in
            for (index, byte) in slice.enumerated() {
                buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            return slice.count
        }
    }
}

/// HTTP header fields with case-insensitive names, in insertion order.
public struct HTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    private var fields: [(name: String, value: String)] = []

    /// Creates headers from name-value pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// Creates headers from a dictionary.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { self[name] = value }
    }

    /// The value of a field; setting replaces every field of that name, `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { Self.sameName($0.name, name) }
            fields.removeAll { Self.sameName($0.name, name) }
            if let newValue {
                fields.insert((name, newValue), at: Swift.min(index ?? fields.count, fields.count))
            }
        }
    }

    /// The fields in order.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    /// Whether two header sets have the same fields in the same order (names compared case-insensitively).
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy {
                sameName($0.name, $1.name) && $0.value == $1.value
            }
    }

    /// Whether two field names are equal but for case: byte by byte for ASCII names (every field name is a token of
    /// ASCII characters; Foundation's comparison cost more than the rest of a cache hit's header reads), as their
    /// `lowercased()` forms otherwise (as ``hash(into:)`` hashes them).
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        // Over the two names' bytes in place (a native string's `withUTF8` copies nothing).
        var lhs = lhs
        var rhs = rhs
        let ascii = lhs.withUTF8 { left in rhs.withUTF8 { right in asciiSameName(left, right) } }
        return ascii ?? (lhs.lowercased() == rhs.lowercased())
    }

    /// Whether two ASCII names are equal but for case; `nil` when one has a byte past ASCII (Unicode's lowercase
    /// forms decide, and may differ in length).
    private static func asciiSameName(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard lhs.count == rhs.count else {
            if lhs.contains(where: { $0 >= 0x80 }) || rhs.contains(where: { $0 >= 0x80 }) { return nil }
            return false
        }
        for index in 0..<lhs.count {
            let left = lhs[index]
            let right = rhs[index]
            if left >= 0x80 || right >= 0x80 { return nil }
            // (Two ASCII characters that differ are not equal whatever follows: no lowercase form joins them.)
            if left != right, asciiLowercase(left) != asciiLowercase(right) { return false }
        }
        return true
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Hashes names (lowercased) and values.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}
