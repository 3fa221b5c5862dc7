import Foundation

/// Reads a `multipart/mixed` body (RFC 2046) as it arrives: the parts' bodies between `--boundary` delimiters,
/// their header fields skipped, until the closing `--boundary--`. Apollo Router sends subscription events this way
/// (each part a JSON object), and starts its body with CRLF before the first delimiter.
struct MultipartMixedParser {
    /// What the parser found.
    enum Output: Sendable, Hashable {
        /// A part's body.
        case part(Data)
        /// The closing delimiter: the stream is complete.
        case end
    }

    private enum Phase {
        /// Before the first delimiter.
        case preamble
        /// Right after a delimiter: `--` ends the body, anything else is the rest of the delimiter line.
        case afterDelimiter
        /// In a part's header fields.
        case headers
        /// In a part's body.
        case body
        /// After the closing delimiter.
        case done
    }

    private let delimiter: [UInt8]
    /// CRLF and the delimiter: what ends a part's body.
    private let bodyEnd: [UInt8]
    private static let lineEnd: [UInt8] = [0x0D, 0x0A]
    private static let headersEnd: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
    private var buffer: [UInt8] = []
    private var phase = Phase.preamble
    /// Where the next search for the current phase's delimiter starts (the bytes before it were searched already,
    /// but for a pattern's length minus one): each byte is scanned a bounded number of times, however the body is
    /// cut into pieces.
    private var resumeAt = 0
    /// The largest part accepted; a larger one fails the stream.
    let maximumPartSize: Int
    /// How many bytes were compared while searching for delimiters (for the linearity check).
    private(set) var bytesScanned = 0

    /// A parser for parts separated by `--boundary`.
    init(boundary: String, maximumPartSize: Int = 16 << 20) {
        delimiter = Array(("--" + boundary).utf8)
        bodyEnd = [0x0D, 0x0A] + delimiter
        self.maximumPartSize = maximumPartSize
    }

    /// The `boundary` parameter of a `Content-Type` such as `multipart/mixed;boundary="graphql";subscriptionSpec=1.0`.
    static func boundary(ofContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// An error in the body's framing.
    struct FramingError: Error, Sendable, Hashable {
        /// What is wrong.
        var message: String
        /// The size limit exceeded, when that is what is wrong.
        var limit: Int? = nil
    }

    /// Feeds the next piece of the body; returns what it completed, in order.
    mutating func feed(_ bytes: Data) throws(FramingError) -> [Output] {
        buffer.append(contentsOf: bytes)
        var outputs: [Output] = []
        var start = 0
        parsing: while true {
            switch phase {
            case .done:
                start = buffer.count
                break parsing
            case .preamble:
                if let found = find(delimiter, from: start) {
                    start = found + delimiter.count
                    phase = .afterDelimiter
                    resumeAt = 0
                } else {
                    start = max(start, buffer.count - delimiter.count - 2)
                    break parsing
                }
            case .afterDelimiter:
                guard buffer.count - start >= 2 else { break parsing }
                if buffer[start] == UInt8(ascii: "-"), buffer[start + 1] == UInt8(ascii: "-") {
                    phase = .done
                    outputs.append(.end)
                    continue
                }
                // The rest of the delimiter line (transport padding), then the part's header fields.
                guard let lineEnd = find(Self.lineEnd, from: start) else {
                    guard buffer.count - start <= 64 * 1024 else {
                        throw FramingError(message: "a delimiter line exceeds 64 KB", limit: 64 * 1024)
                    }
                    break parsing
                }
                start = lineEnd + 2
                phase = .headers
                resumeAt = 0
            case .headers:
                guard buffer.count - start >= 2 else { break parsing }
                if buffer[start] == 0x0D, buffer[start + 1] == 0x0A {
                    start += 2
                    phase = .body
                    resumeAt = 0
                    continue
                }
                guard let end = find(Self.headersEnd, from: start) else {
                    guard buffer.count - start <= 64 * 1024 else {
                        throw FramingError(message: "a part's header fields exceed 64 KB", limit: 64 * 1024)
                    }
                    break parsing
                }
                start = end + 4
                phase = .body
                resumeAt = 0
            case .body:
                guard let found = find(bodyEnd, from: start) else {
                    guard buffer.count - start <= maximumPartSize else {
                        throw FramingError(
                            message: "a part exceeds \(maximumPartSize) bytes", limit: maximumPartSize)
                    }
                    break parsing
                }
                outputs.append(.part(Data(buffer[start..<found])))
                start = found + 2 + delimiter.count
                phase = .afterDelimiter
                resumeAt = 0
            }
        }
        let removed = min(start, buffer.count)
        buffer.removeFirst(removed)
        resumeAt = max(0, resumeAt - removed)
        return outputs
    }

    /// The index of `pattern` in the buffer at or after `start` (and after what an unsuccessful search of this
    /// phase already covered); when not found, remembers where the next search starts.
    private mutating func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var index = max(start, resumeAt)
        let from = index
        let last = buffer.count - pattern.count
        defer {
            bytesScanned += max(0, index - from)
            if index > last { resumeAt = max(start, last + 1) }
        }
        while index <= last {
            if buffer[index] == first {
                var matches = true
                for offset in 1..<pattern.count where buffer[index + offset] != pattern[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }
}
