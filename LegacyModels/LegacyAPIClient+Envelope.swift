import Foundation

extension LegacyAPIClient {
    /// Most bytes of a body quoted in `LegacyAPIError.invalidResponse`.
    public static let bodyExcerptLength = 256

    /// Decodes a whole REST response body (the envelope) without the network, returning its `result`.
    ///
    /// - Parameters:
    ///   - type: The type of the envelope's `result`.
    ///   - data: The response body.
    ///   - httpStatus: The response's HTTP status if known; an `ok` envelope with a non-2xx status is rejected.
    /// - Throws: `.server` for an error envelope, `.decoding` (with the JSON path, like
    ///   `"result.last_draw.draw_date"`) when `result` does not match the contract, and `.invalidResponse` when
    ///   the body is not an envelope.
    public static func decodeEnvelope<T: Decodable>(
        _ type: T.Type,
        from data: Data,
        httpStatus: Int? = nil
    ) throws(LegacyAPIError) -> T {
        let envelope: RESTEnvelope<T>
        do {
            envelope = try JSONDecoder().decode(RESTEnvelope<T>.self, from: data)
        } catch let error as DecodingError {
            throw map(error, data: data, httpStatus: httpStatus)
        } catch {
            throw .invalidResponse(httpStatus: httpStatus, bodyExcerpt: excerpt(of: data))
        }
        switch envelope.outcome {
        case .ok(let value):
            if let httpStatus, !(200..<300).contains(httpStatus) {
                throw .invalidResponse(httpStatus: httpStatus, bodyExcerpt: excerpt(of: data))
            }
            return value
        case .error(let code, let message):
            throw .server(code: LegacyAPIErrorCode(rawValue: code), message: message, httpStatus: httpStatus)
        }
    }

    /// A JSON path like `result.last_draw.draw_date` or `result[2].categories[0].prize` for a coding path.
    public static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return path.isEmpty ? "(root)" : path
    }

    /// The start of a body, as text, for error messages.
    static func excerpt(of data: Data) -> String {
        if data.isEmpty {
            return "(empty body)"
        }
        let text = String(decoding: data.prefix(bodyExcerptLength), as: UTF8.self)
        return data.count > bodyExcerptLength ? text + "… (\(data.count) bytes)" : text
    }

    /// Errors inside `result` are `.decoding`; anything else means the body is not an envelope.
    private static func map(_ error: DecodingError, data: Data, httpStatus: Int?) -> LegacyAPIError {
        let path: [any CodingKey]
        let message: String
        switch error {
        case .typeMismatch(let type, let context):
            path = context.codingPath
            message = "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            message = "expected \(type) but found null or nothing"
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            message = "the required field \(String(reflecting: key.stringValue)) is missing"
        case .dataCorrupted(let context):
            path = context.codingPath
            message = context.debugDescription
        @unknown default:
            path = []
            message = String(describing: error)
        }
        // A missing `result` key itself is an envelope problem (its context path is the root).
        let insideResult: Bool
        if case .keyNotFound = error {
            insideResult = path.count > 1 && path.first?.stringValue == "result"
        } else {
            insideResult = path.first?.stringValue == "result"
        }
        guard insideResult else {
            return .invalidResponse(httpStatus: httpStatus, bodyExcerpt: excerpt(of: data))
        }
        return .decoding(path: jsonPath(path), message: message)
    }
}
