/// Which API serves a model.
public enum MigrationMode: String, Sendable, CaseIterable, Codable {
    /// REST only; GraphQL is never called.
    case rest
    /// REST answers; GraphQL runs next to it as an ``Experiment`` candidate, compared and
    /// published.
    case shadow
    /// GraphQL only; REST is never called.
    case graphQL
    /// GraphQL answers; when it fails, REST answers and the failure is reported as a
    /// ``MigrationEvent``.
    case graphQLWithRESTFallback

    /// Parses a mode from its raw value, ignoring case (`"graphql"` is ``graphQL``); `nil` for
    /// anything else.
    public init?(parsing text: String) {
        if let exact = MigrationMode(rawValue: text) {
            self = exact
            return
        }
        let lowercased = text.lowercased()
        guard let match = MigrationMode.allCases.first(where: { $0.rawValue.lowercased() == lowercased }) else {
            return nil
        }
        self = match
    }

    /// Decodes a mode from a string, ignoring case; any other value is a `DecodingError`
    /// naming the value and the valid modes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let mode = MigrationMode(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown migration mode \"\(text)\"; expected one of "
                    + MigrationMode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = mode
    }

    /// Encodes the mode as its raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
