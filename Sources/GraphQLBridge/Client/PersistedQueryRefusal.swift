import Foundation

/// A server's refusal of a persisted-query request, read from its response body: an error whose message or
/// `extensions.code` is one of Apollo's (`PersistedQueryNotFound` / `PERSISTED_QUERY_NOT_FOUND`,
/// `PersistedQueryNotInList` / `PERSISTED_QUERY_NOT_IN_LIST`, `PersistedQueryNotSupported` /
/// `PERSISTED_QUERY_NOT_SUPPORTED`).
enum PersistedQueryRefusal: Sendable, Hashable {
    /// The server does not know the id (send the document to register it).
    case notFound(message: String)
    /// The server runs only the documents of its list, and this one is not in it.
    case notInList(message: String)
    /// The server does not take persisted queries at all.
    case notSupported(message: String)

    /// The server's error, as its message and code.
    var message: String {
        switch self {
        case .notFound(let message), .notInList(let message), .notSupported(let message): return message
        }
    }

    /// The refusal in `body`, if it is one. Bodies that do not mention a persisted query are not parsed.
    init?(body: Data) {
        guard Self.mentionsPersistedQuery(body), case .object(let members)? = try? JSONValue(parsing: body),
            case .array(let errors)? = members["errors"]
        else { return nil }
        for case .object(let error) in errors {
            let message = error["message"]?.stringValue ?? ""
            let code = error["extensions"]?["code"]?.stringValue ?? ""
            let text = code.isEmpty ? message : "\(message) [\(code)]"
            if message == "PersistedQueryNotFound" || code == "PERSISTED_QUERY_NOT_FOUND" {
                self = .notFound(message: text)
                return
            }
            if message == "PersistedQueryNotInList" || code == "PERSISTED_QUERY_NOT_IN_LIST" {
                self = .notInList(message: text)
                return
            }
            if message == "PersistedQueryNotSupported" || code == "PERSISTED_QUERY_NOT_SUPPORTED" {
                self = .notSupported(message: text)
                return
            }
        }
        return nil
    }

    /// Whether `body` contains `ersistedQueryNot` or `ERSISTED_QUERY_NOT` (one pass, no parsing).
    static func mentionsPersistedQuery(_ body: Data) -> Bool {
        let camel = Array("ersistedQueryNot".utf8)
        let upper = Array("ERSISTED_QUERY_NOT".utf8)
        return body.withUnsafeBytes { raw -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                    let pattern = byte == UInt8(ascii: "e") ? camel : upper
                    if index + pattern.count <= bytes.count,
                        pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] })
                    {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
    }
}
