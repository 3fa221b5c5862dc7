import Foundation

/// An error in a GraphQL response's `errors` list: a request error (syntax, validation, variables)
/// or a field error (with the `path` of the field that failed and whose value is `null` in `data`).
public struct GraphQLError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A place in the request document.
    public struct Location: Sendable, Hashable, Codable, CustomStringConvertible {
        /// 1-based line.
        public var line: Int
        /// 1-based column.
        public var column: Int

        /// Creates a location.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        /// `line:column`.
        public var description: String { "\(line):\(column)" }
    }

    /// One step of a response path: a field's response name or a list index.
    public enum PathComponent: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A field's response name (its alias, if any).
        case field(String)
        /// An index in a list.
        case index(Int)

        /// Decodes a string or an integer.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let index = try? container.decode(Int.self) {
                self = .index(index)
            } else {
                self = .field(try container.decode(String.self))
            }
        }

        /// Encodes a string or an integer.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .field(let name): try container.encode(name)
            case .index(let index): try container.encode(index)
            }
        }

        /// The name, or the index in brackets.
        public var description: String {
            switch self {
            case .field(let name): return name
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// What went wrong, as the server says it.
    public var message: String
    /// Where in the request document, when the server says.
    public var locations: [Location]?
    /// The response path of the field that failed; `nil` for request errors.
    public var path: [PathComponent]?
    /// The server's extra information (`code`, ...), its members named by their Unicode scalars (``JSONObject``).
    public var extensions: JSONObject?

    /// Creates an error.
    public init(
        message: String, locations: [Location]? = nil, path: [PathComponent]? = nil,
        extensions: JSONObject? = nil
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// Creates an error whose extensions are a dictionary.
    @_disfavoredOverload
    public init(
        message: String, locations: [Location]? = nil, path: [PathComponent]? = nil,
        extensions: [String: JSONValue]?
    ) {
        self.init(message: message, locations: locations, path: path, extensions: extensions.map { JSONObject($0) })
    }

    /// The path as text: `game.lastDraw.prizePool`, `draws[2].superPrize`.
    public var pathDescription: String? {
        guard let path, !path.isEmpty else { return nil }
        var text = ""
        for component in path {
            switch component {
            case .field(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// `extensions.code` when the server sent one.
    public var code: String? { extensions?["code"]?.stringValue }

    /// The message with its path and locations: `game.lastDraw.prizePool: Prize ledger unavailable (at 3:5)`.
    public var description: String {
        var text = message
        if let pathDescription { text = pathDescription + ": " + text }
        if let locations, !locations.isEmpty {
            text += " (at " + locations.map(\.description).joined(separator: ", ") + ")"
        }
        if let code { text += " [\(code)]" }
        return text
    }
}

extension GraphQLError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
