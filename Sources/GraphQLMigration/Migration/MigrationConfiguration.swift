import Foundation

/// The migration mode of each model, as a value: what ``MigrationSettings`` holds and what a
/// remote config sends.
///
/// JSON, in either of two forms (mode names ignore case):
/// ```json
/// {"defaultMode": "rest", "modes": {"GameInfo": "graphQL", "DrawInfo": "shadow"}}
/// {"GameInfo": "graphQL", "DrawInfo": "shadow"}
/// ```
/// The first form is used when the object has a `defaultMode` or `modes` key (other keys are
/// ignored, for configs written for newer versions); the second maps every key to a mode,
/// with ``MigrationMode/rest`` as the default. Encoding always writes the first form.
public struct MigrationConfiguration: Sendable, Hashable, Codable {
    /// The mode of every model without its own entry.
    public var defaultMode: MigrationMode
    /// Each model's mode, keyed by model name (e.g. `"GameInfo"`).
    public var modes: [String: MigrationMode]

    private enum CodingKeys: String, CodingKey {
        case defaultMode
        case modes
    }

    /// A configuration with `defaultMode` for every model not in `modes`.
    public init(defaultMode: MigrationMode = .rest, modes: [String: MigrationMode] = [:]) {
        self.defaultMode = defaultMode
        self.modes = modes
    }

    /// Parses a configuration from JSON (either form, see the type's documentation).
    /// - Throws: ``MigrationSettingsError`` saying what is wrong and where.
    public init(json: Data) throws {
        do {
            self = try JSONDecoder().decode(MigrationConfiguration.self, from: json)
        } catch let error as DecodingError {
            throw MigrationSettingsError(error)
        }
    }

    /// Parses a configuration from a JSON string (either form, see the type's documentation).
    /// - Throws: ``MigrationSettingsError`` saying what is wrong and where.
    public init(json: String) throws {
        try self.init(json: Data(json.utf8))
    }

    /// Decodes either form (see the type's documentation).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ModelKey.self)
        let isStructured = container.allKeys.contains {
            $0.stringValue == CodingKeys.defaultMode.rawValue || $0.stringValue == CodingKeys.modes.rawValue
        }
        if isStructured {
            let structured = try decoder.container(keyedBy: CodingKeys.self)
            defaultMode = try structured.decodeIfPresent(MigrationMode.self, forKey: .defaultMode) ?? .rest
            modes = try structured.decodeIfPresent([String: MigrationMode].self, forKey: .modes) ?? [:]
        } else {
            defaultMode = .rest
            var modes: [String: MigrationMode] = [:]
            for key in container.allKeys {
                modes[key.stringValue] = try container.decode(MigrationMode.self, forKey: key)
            }
            self.modes = modes
        }
    }

    /// The mode of `model`: its own entry, or ``defaultMode``.
    public func mode(for model: String) -> MigrationMode {
        modes[model] ?? defaultMode
    }

    /// The configuration as JSON in the structured form, keys sorted.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}

extension MigrationConfiguration {
    /// Any key of a JSON object: a model name in the flat form.
    fileprivate struct ModelKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}
