import Foundation

/// Reads an HTTP response as a GraphQL response, following the GraphQL-over-HTTP draft.
public enum GraphQLResponseDecoder {
    /// The media type of GraphQL responses.
    public static let graphQLResponseMediaType = "application/graphql-response+json"

    /// Decodes `body` as the response to `operation`.
    ///
    /// - 2xx: a GraphQL response (`data`, `errors`, `extensions`), whatever the media type.
    /// - Any other status with `application/graphql-response+json`: a GraphQL response too (a request
    ///   error comes back as 4xx with an `errors`-only body).
    /// - Any other status: ``APIError/httpStatus(operation:status:bodyExcerpt:)``.
    ///
    /// A generated type (``GraphQLFastDecodable``) is read in one pass by its generated decoder; when that reader
    /// declines the body (an unusual form, or an error), the body is decoded through `Decodable`, which gives the
    /// same value or the error the caller has always seen. `path: .decodable` skips the fast reader.
    public static func decode<Data: Decodable & Sendable>(
        _ type: Data.Type, operation: String, response: HTTPResponse, body: Foundation.Data,
        errorPolicy: GraphQLErrorPolicy, path: Path = .automatic
    ) throws(APIError) -> GraphQLResult<Data> {
        var tape: JSONTape?
        return try decode(
            type, operation: operation, response: response, body: body, errorPolicy: errorPolicy, path: path,
            recordingTape: false, tape: &tape)
    }

    /// ``decode(_:operation:response:body:errorPolicy:path:)``; with `recordingTape`, the generated decoder also
    /// records the body's tape for the cache as it reads it (``GraphQLJSONReader/TapeRecording``) into `tape`: the
    /// body is read once for both the result and the records. `tape` is left `nil` when the generated decoder did not
    /// read the body, or the tape does not take it (the cache then tapes the body itself). (The tape is an `inout`
    /// parameter, not a tuple's member: a generic tuple's metadata is looked up at run time on every call.)
    static func decode<Data: Decodable & Sendable>(
        _ type: Data.Type, operation: String, response: HTTPResponse, body: Foundation.Data,
        errorPolicy: GraphQLErrorPolicy, path: Path = .automatic, recordingTape: Bool, tape: inout JSONTape?
    ) throws(APIError) -> GraphQLResult<Data> {
        let status = response.status
        let isSuccess = (200..<300).contains(status)
        guard isSuccess || response.mediaType == graphQLResponseMediaType else {
            throw .httpStatus(operation: operation, status: status, bodyExcerpt: excerpt(body))
        }
        // Foundation reads UTF-16 and UTF-32 bodies too; the scan and the exact reads below work on UTF-8.
        let body = utf8(body)
        var entries: [JSONTape.Entry]?
        if path == .automatic,
            let envelope = fastEnvelope(Data.self, body: body, recordingTape: recordingTape, tape: &entries)
        {
            let result = try result(
                envelope, operation: operation, response: response, body: body, errorPolicy: errorPolicy)
            // The cache reads an answer with errors through a tree (the errors' `null`s placed on it), not a tape.
            if let entries, result.errors.isEmpty { tape = JSONTape(bytes: [UInt8](body), recorded: entries) }
            return result
        }
        // The `Decodable` path reads the strict parser's tree (`JSONValueDecoder`): one JSON grammar, one rule for
        // duplicate names and one reading of numbers on every path; Foundation's parser never reads the body.
        let root: JSONValue
        do {
            root = try ExactJSONParser.parse(body)
        } catch {
            throw .invalidResponse(
                operation: operation, status: status, reason: "the body is not JSON: \(error.reason)",
                bodyExcerpt: excerpt(body))
        }
        let envelope: Envelope<Data>
        do {
            // The `Long` rules need no second read of a number (the tree's integer reads are exact), and read the
            // text of a number `Decimal` does not hold from the tree (see `IntegerLiteralBody`).
            envelope = try IntegerLiteralBody.$current.withValue(IntegerLiteralBody(body: body, root: root)) {
                try JSONValueDecoder().decode(Envelope<Data>.self, from: root)
            }
        } catch let error as GraphQLDecodingError {
            throw .decoding(operation: operation, withFoundValue(error, root: root))
        } catch let error as DecodingError {
            if case .typeMismatch(_, let context) = error, context.codingPath.isEmpty {
                throw .invalidResponse(
                    operation: operation, status: status, reason: "the body is not a JSON object",
                    bodyExcerpt: excerpt(body))
            }
            if case .valueNotFound(_, let context) = error, context.codingPath.isEmpty {
                throw .invalidResponse(
                    operation: operation, status: status, reason: "the body is not a JSON object",
                    bodyExcerpt: excerpt(body))
            }
            throw .decoding(operation: operation, withFoundValue(GraphQLDecodingError(error), root: root))
        } catch {
            throw .invalidResponse(operation: operation, status: status, reason: "\(error)", bodyExcerpt: excerpt(body))
        }
        return try result(envelope, operation: operation, response: response, body: body, errorPolicy: errorPolicy)
    }

    /// Which decoder reads the body.
    public enum Path: Sendable, Hashable {
        /// The generated one-pass decoder for a ``GraphQLFastDecodable`` type (with the `Decodable` path when it
        /// declines the body); `Decodable` for any other type.
        case automatic
        /// The types' `Decodable` conformances only, decoded from the strict parser's tree (the same JSON grammar,
        /// duplicate-name rule and number reading as the generated decoder).
        case decodable
    }

    /// Decodes `body` with the generated one-pass decoder only: `nil` when the reader declines the body (the
    /// `Decodable` path would then decode it). For tests and benchmarks that compare the two paths.
    public static func decodeFastPathOnly<Data: GraphQLFastDecodable>(
        _ type: Data.Type, operation: String, response: HTTPResponse, body: Foundation.Data,
        errorPolicy: GraphQLErrorPolicy
    ) throws(APIError) -> GraphQLResult<Data>? {
        let status = response.status
        guard (200..<300).contains(status) || response.mediaType == graphQLResponseMediaType else {
            throw .httpStatus(operation: operation, status: status, bodyExcerpt: excerpt(body))
        }
        let body = utf8(body)
        var tape: [JSONTape.Entry]?
        guard let envelope = fastEnvelope(type, body: body, recordingTape: false, tape: &tape) else { return nil }
        return try result(envelope, operation: operation, response: response, body: body, errorPolicy: errorPolicy)
    }

    /// The result of a decoded envelope under the error policy.
    private static func result<Data: Sendable>(
        _ envelope: Envelope<Data>, operation: String, response: HTTPResponse, body: Foundation.Data,
        errorPolicy: GraphQLErrorPolicy
    ) throws(APIError) -> GraphQLResult<Data> {
        let status = response.status
        let isSuccess = (200..<300).contains(status)
        let errors = envelope.errors ?? []
        guard envelope.hasData || !errors.isEmpty else {
            throw .invalidResponse(
                operation: operation, status: status, reason: "the response has neither \"data\" nor \"errors\"",
                bodyExcerpt: excerpt(body))
        }
        if !isSuccess, !errors.isEmpty, envelope.data == nil {
            throw .graphQL(operation: operation, status: status, errors: errors)
        }
        if !errors.isEmpty {
            switch errorPolicy {
            case .failOnAnyError:
                throw .graphQL(operation: operation, status: status, errors: errors)
            case .returnPartialData:
                if envelope.data == nil { throw .graphQL(operation: operation, status: status, errors: errors) }
            }
        }
        return GraphQLResult(
            data: envelope.data, errors: errors, extensions: envelope.extensions ?? [:], httpResponse: response,
            byteCount: body.count)
    }

    /// The body as UTF-8: a UTF-16 or UTF-32 body (with or without a byte order mark, detected as RFC 4627 does
    /// from the NUL bytes of its first characters) is converted; any other body is returned as it is.
    static func utf8(_ body: Foundation.Data) -> Foundation.Data {
        // The common case, seen in place (no copy of the first bytes): no NUL among them, no UTF-16 byte order mark.
        let plain = body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard bytes.count >= 2 else { return true }
            if (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) { return false }
            return !bytes.prefix(4).contains(0)
        }
        if plain { return body }
        let head = [UInt8](body.prefix(4))
        let encoding: String.Encoding
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || (head.count == 4 && head[0] == 0 && head[1] == 0) {
            encoding = .utf32BigEndian
        } else if head.starts(with: [0xFF, 0xFE, 0x00, 0x00])
            || (head.count == 4 && head[1] == 0 && head[2] == 0 && head[3] == 0)
        {
            encoding = .utf32LittleEndian
        } else if head.starts(with: [0xFE, 0xFF]) || head[0] == 0 {
            encoding = .utf16BigEndian
        } else {
            encoding = .utf16LittleEndian
        }
        guard var text = String(data: body, encoding: encoding) else { return body }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return Foundation.Data(text.utf8)
    }

    /// The start of a body as text, for error messages.
    public static func excerpt(_ body: Foundation.Data, limit: Int = 300) -> String {
        let prefix = body.prefix(limit)
        let text = String(decoding: prefix, as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
        return body.count > limit ? text + "…" : text
    }

    /// Whether `body` is well-formed JSON (any value), as the strict parser reads it.
    static func isJSON(_ body: Foundation.Data) -> Bool {
        (try? ExactJSONParser.parse(body)) != nil
    }

    /// Fills in the value found at the error's path from the body's tree, which a `DecodingError` does not report.
    static func withFoundValue(_ error: GraphQLDecodingError, root: JSONValue) -> GraphQLDecodingError {
        guard error.found == nil else { return error }
        var current: JSONValue? = root
        for component in pathComponents(error.path) {
            switch (current, component) {
            case (.object(let members)?, .field(let name)): current = members[name]
            case (.array(let items)?, .index(let index)) where items.indices.contains(index): current = items[index]
            default: current = nil
            }
        }
        var result = error
        result.found = current.map { $0.excerpt() } ?? "nothing (the key is missing)"
        return result
    }

    private static func pathComponents(_ path: String) -> [GraphQLError.PathComponent] {
        var components: [GraphQLError.PathComponent] = []
        var name = ""
        var index = ""
        var inIndex = false
        for character in path {
            switch character {
            case "." where !inIndex:
                if !name.isEmpty { components.append(.field(name)) }
                name = ""
            case "[":
                if !name.isEmpty { components.append(.field(name)) }
                name = ""
                inIndex = true
            case "]":
                if let value = Int(index) { components.append(.index(value)) }
                index = ""
                inIndex = false
            default:
                if inIndex { index.append(character) } else { name.append(character) }
            }
        }
        if !name.isEmpty { components.append(.field(name)) }
        return components
    }
}

/// `{"data": ..., "errors": [...], "extensions": {...}}`.
struct Envelope<Data: Decodable>: Decodable {
    var data: Data?
    var hasData: Bool
    var errors: [GraphQLError]?
    var extensions: JSONObject?

    @inline(__always)
    init(data: Data?, hasData: Bool, errors: [GraphQLError]?, extensions: JSONObject?) {
        self.data = data
        self.hasData = hasData
        self.errors = errors
        self.extensions = extensions
    }

    enum CodingKeys: String, CodingKey {
        case data, errors, extensions
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasData = container.contains(.data)
        data = try container.decodeIfPresent(Data.self, forKey: .data)
        errors = try container.decodeIfPresent([GraphQLError].self, forKey: .errors)
        extensions = try container.decodeIfPresent(JSONObject.self, forKey: .extensions)
    }
}

extension GraphQLResponseDecoder {
    /// The envelope read by the generated decoder of `Data` when it is a ``GraphQLFastDecodable`` type and the
    /// reader takes the body, with the body's tape in `tape` when `recordingTape` (see
    /// ``GraphQLJSONReader/TapeRecording``); `nil` otherwise.
    static func fastEnvelope<Data>(
        _ type: Data.Type, body: Foundation.Data, recordingTape: Bool, tape: inout [JSONTape.Entry]?
    ) -> Envelope<Data>? {
        guard let fastType = type as? any GraphQLFastDecodable.Type else { return nil }
        return openedFastEnvelope(fastType, body: body, recordingTape: recordingTape, tape: &tape)
            as? Envelope<Data>
    }

    private static func openedFastEnvelope<Data: GraphQLFastDecodable>(
        _ type: Data.Type, body: Foundation.Data, recordingTape: Bool, tape: inout [JSONTape.Entry]?
    ) -> Any? {
        fastEnvelope(reading: type, body: body, recordingTape: recordingTape, tape: &tape)
    }

    /// Reads the envelope in one pass: `data` with the generated decoder, `errors` and `extensions` (small,
    /// and rare) as byte ranges that the strict parser and ``JSONValueDecoder`` read once the whole body has been
    /// checked.
    static func fastEnvelope<Data: GraphQLFastDecodable>(
        reading type: Data.Type, body: Foundation.Data, recordingTape: Bool, tape: inout [JSONTape.Entry]?
    ) -> Envelope<Data>? {
        typealias Declined = GraphQLJSONReader.Declined
        tape = nil
        var recorded: [JSONTape.Entry]?
        let read = GraphQLJSONReader.read(body, recordingTape: recordingTape, into: &recorded) {
            (reader: inout GraphQLJSONReader) throws(Declined) -> (Data?, Bool, Foundation.Data?, Foundation.Data?) in
            var data: Data? = nil
            var hasData = false
            var errors: Range<Int>? = nil
            var extensions: Range<Int>? = nil
            var more = try reader.beginObject()
            while more {
                try reader.readKey()
                if reader.keyEquals("data") {
                    guard !hasData else { throw Declined() }
                    hasData = true
                    if try !reader.readNull() { data = try Data(graphQLReader: &reader) }
                } else if reader.keyEquals("errors") {
                    guard errors == nil else { throw Declined() }
                    errors = try reader.skipValueRange()
                } else if reader.keyEquals("extensions") {
                    guard extensions == nil else { throw Declined() }
                    extensions = try reader.skipValueRange()
                } else {
                    try reader.skipValue()
                }
                more = try reader.nextMember()
            }
            try reader.expectEnd()
            if errors != nil || extensions != nil { try reader.checkNoExactText() }
            return (data, hasData, errors.map { reader.data($0) }, extensions.map { reader.data($0) })
        }
        guard let (data, hasData, errorsBytes, extensionsBytes) = read else { return nil }
        var errors: [GraphQLError]? = nil
        var extensions: JSONObject? = nil
        do {
            if let errorsBytes { errors = try JSONValueDecoder().decode([GraphQLError]?.self, from: errorsBytes) }
            if let extensionsBytes {
                extensions = try JSONValueDecoder().decode(JSONObject?.self, from: extensionsBytes)
            }
        } catch {
            return nil
        }
        tape = recorded
        return Envelope(data: data, hasData: hasData, errors: errors, extensions: extensions)
    }
}
