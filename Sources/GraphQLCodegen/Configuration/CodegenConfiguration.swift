import Foundation
import GraphQLSchema

/// What to generate and how: the schema and operation files, custom scalar mappings and the access level.
///
/// Usually read from a `graphql-codegen.json` file (``load(contentsOf:)``) next to the `.graphql` files:
///
/// ```json
/// {
///   "schema": "schema.graphqls",
///   "operations": ["Operations.graphql"],
///   "scalars": { "Long": "Long", "DateTime": "DateTime", "URI": { "type": "URL", "decoding": "decodable" } },
///   "access": "public",
///   "output": "../Generated",
///   "cache": { "keyFields": { "Draw": ["gameId", "number"] }, "maxAge": { "Draw.prizePool": "5s" } },
///   "persistedQueries": { "manifest": "persisted-query-manifest.json" },
///   "clientDirectives": ["apollo_client_ios_localCacheMutation"]
/// }
/// ```
///
/// Paths in the file are relative to the file's folder. `operations` entries may be folders: every `*.graphql`
/// file inside (recursively, sorted) is used.
public struct CodegenConfiguration: Sendable, Hashable {
    /// The schema (SDL) files; several files make one schema.
    public var schemaPaths: [String]
    /// The operation files or folders.
    public var operationPaths: [String]
    /// The folder the command line writes into, if the file names one.
    public var outputPath: String?
    /// The Swift types of custom scalars, by GraphQL scalar name.
    public var scalars: [String: ScalarMapping]
    /// The access level of the generated declarations.
    public var accessLevel: AccessLevel
    /// Key fields and lifetimes for the client cache.
    public var cache: CacheConfiguration = CacheConfiguration()
    /// Where to write the operations' persisted-query manifest (`"persistedQueries": {"manifest": "path"}`), if
    /// anywhere: an Apollo persisted-query manifest for the server's team (``PersistedQueryManifest``).
    public var manifestPath: String?

    /// The app's client-only directives, by name without `@` (`apollo_client_ios_localCacheMutation`): accepted in
    /// the documents and removed from the documents sent. One the schema files do not declare is taken as declared
    /// without arguments at every executable location (declare it in a schema file, such as a `client.graphqls`
    /// beside the server's schema, to give it arguments or to restrict where it may be used).
    public var clientDirectives: [String] = []

    /// The keys a configuration file may have.
    public static let keys = [
        "access", "cache", "clientDirectives", "operations", "output", "persistedQueries", "scalars", "schema",
    ]

    /// Creates a configuration.
    /// - Parameters:
    ///   - schemaPaths: The schema files.
    ///   - operationPaths: The operation files or folders.
    ///   - outputPath: The output folder of the command line.
    ///   - scalars: The custom scalar mappings.
    ///   - accessLevel: The access level of the generated declarations.
    public init(
        schemaPaths: [String] = [],
        operationPaths: [String] = [],
        outputPath: String? = nil,
        scalars: [String: ScalarMapping] = [:],
        accessLevel: AccessLevel = .public
    ) {
        self.schemaPaths = schemaPaths
        self.operationPaths = operationPaths
        self.outputPath = outputPath
        self.scalars = scalars
        self.accessLevel = accessLevel
    }

    /// Reads a configuration file; relative paths in it are resolved against the file's folder.
    /// - Parameter url: The file.
    /// - Returns: The configuration.
    /// - Throws: ``ConfigurationError`` when the file cannot be read or is not a valid configuration.
    public static func load(contentsOf url: URL) throws(ConfigurationError) -> CodegenConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError(
                path: url.path,
                message: "cannot read the configuration file (\(error.localizedDescription)); check the path")
        }
        return try decode(data, path: url.path, baseDirectory: url.deletingLastPathComponent().path)
    }

    /// Reads a configuration from JSON.
    /// - Parameters:
    ///   - data: The JSON text.
    ///   - path: The file name used in error messages.
    ///   - baseDirectory: The folder relative paths are resolved against; `nil` keeps them as written.
    /// - Returns: The configuration.
    /// - Throws: ``ConfigurationError`` when the JSON is not a valid configuration.
    public static func decode(_ data: Data, path: String, baseDirectory: String? = nil)
        throws(ConfigurationError) -> CodegenConfiguration
    {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ConfigurationError(
                path: path, message: "the file is not valid JSON (\(JSONProblem.describe(error))); " + example)
        }
        guard let object = json as? [String: Any] else {
            throw ConfigurationError(path: path, message: "the file must contain a JSON object; " + example)
        }
        for key in object.keys.sorted() where !keys.contains(key) {
            let suggestion =
                keys.first { $0.lowercased() == key.lowercased() || $0.hasPrefix(key) }
                ?? Suggestions.list(key, keys).first
            throw ConfigurationError(
                path: path,
                message: "unknown key '\(key)'"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? "; the keys are \(keys.joined(separator: ", "))")
            )
        }
        func resolve(_ relative: String) -> String {
            guard let baseDirectory, !relative.hasPrefix("/") else { return relative }
            return URL(fileURLWithPath: baseDirectory).appendingPathComponent(relative).standardizedFileURL.path
        }
        var configuration = CodegenConfiguration()
        configuration.schemaPaths = try paths(object["schema"], key: "schema", path: path).map(resolve)
        configuration.operationPaths = try paths(object["operations"], key: "operations", path: path).map(resolve)
        if let output = object["output"] {
            guard let text = output as? String, !text.isEmpty else {
                throw ConfigurationError(path: path, message: "'output' must be a folder path (a string)")
            }
            configuration.outputPath = resolve(text)
        }
        if let access = object["access"] {
            guard let text = access as? String, let level = AccessLevel(rawValue: text) else {
                throw ConfigurationError(
                    path: path, message: "'access' must be \"public\" or \"internal\", found \(access)")
            }
            configuration.accessLevel = level
        }
        if let scalars = object["scalars"] {
            configuration.scalars = try scalarMappings(scalars, path: path)
        }
        if let directives = object["clientDirectives"] {
            guard let list = directives as? [Any] else {
                throw ConfigurationError(
                    path: path,
                    message: "'clientDirectives' must list directive names, such as "
                        + "[\"apollo_client_ios_localCacheMutation\"]")
            }
            for item in list {
                guard let text = item as? String,
                    let name = Optional(text.hasPrefix("@") ? String(text.dropFirst()) : text),
                    isGraphQLName(name)
                else {
                    throw ConfigurationError(
                        path: path, message: "'clientDirectives' must list directive names (strings), found \(item)")
                }
                configuration.clientDirectives.append(name)
            }
        }
        if let cache = object["cache"] {
            configuration.cache = try CacheConfiguration.parse(cache, path: path)
        }
        if let persisted = object["persistedQueries"] {
            guard let settings = persisted as? [String: Any] else {
                throw ConfigurationError(
                    path: path,
                    message:
                        "'persistedQueries' must be an object such as {\"manifest\": \"persisted-query-manifest.json\"}"
                )
            }
            for key in settings.keys.sorted() where key != "manifest" {
                throw ConfigurationError(
                    path: path, message: "'persistedQueries': unknown key '\(key)'; the only key is manifest")
            }
            guard let manifest = settings["manifest"] as? String, !manifest.isEmpty else {
                throw ConfigurationError(
                    path: path,
                    message: "'persistedQueries.manifest' must be the path (a string) of the manifest file to write")
            }
            configuration.manifestPath = resolve(manifest)
        }
        return configuration
    }

    private static let example =
        "for example {\"schema\": \"schema.graphqls\", \"operations\": [\"Operations.graphql\"], "
        + "\"scalars\": {\"Long\": \"Int64\"}}"

    private static func paths(_ value: Any?, key: String, path: String) throws(ConfigurationError) -> [String] {
        guard let value else {
            throw ConfigurationError(
                path: path, message: "'\(key)' is missing: name the \(key) file(s) relative to this file; " + example)
        }
        if let text = value as? String, !text.isEmpty { return [text] }
        if let list = value as? [Any], !list.isEmpty {
            var result: [String] = []
            for item in list {
                guard let text = item as? String, !text.isEmpty else {
                    throw ConfigurationError(path: path, message: "'\(key)' must list paths (strings), found \(item)")
                }
                result.append(text)
            }
            return result
        }
        throw ConfigurationError(
            path: path, message: "'\(key)' must be a path or a non-empty list of paths (strings), found \(value)")
    }

    private static func scalarMappings(_ value: Any, path: String) throws(ConfigurationError)
        -> [String: ScalarMapping]
    {
        guard let object = value as? [String: Any] else {
            throw ConfigurationError(
                path: path, message: "'scalars' must be an object such as {\"Long\": \"Int64\", \"DateTime\": \"Date\"}"
            )
        }
        var result: [String: ScalarMapping] = [:]
        for name in object.keys.sorted() {
            let entry = object[name]
            if let type = entry as? String {
                guard isSwiftTypeName(type) else {
                    throw ConfigurationError(
                        path: path, message: "'scalars.\(name)': '\(type)' is not a Swift type name")
                }
                result[name] = ScalarMapping(swiftType: type)
            } else if let details = entry as? [String: Any] {
                for key in details.keys.sorted() where !["type", "decoding", "format"].contains(key) {
                    throw ConfigurationError(
                        path: path,
                        message: "'scalars.\(name)': unknown key '\(key)'; the keys are type, decoding, format")
                }
                guard let type = details["type"] as? String, isSwiftTypeName(type) else {
                    throw ConfigurationError(
                        path: path, message: "'scalars.\(name).type' must be a Swift type name such as \"URL\"")
                }
                var decoding: ScalarDecoding?
                if let raw = details["decoding"] {
                    guard let text = raw as? String, let value = ScalarDecoding(rawValue: text) else {
                        throw ConfigurationError(
                            path: path, message: "'scalars.\(name).decoding' must be \"scalar\" or \"decodable\"")
                    }
                    decoding = value
                }
                var uuidFormat = ScalarMapping.UUIDFormat.hyphenated
                if let raw = details["format"] {
                    let formats = ScalarMapping.UUIDFormat.allCases.map { "\"\($0.rawValue)\"" }
                    guard ScalarMapping.uuidTypes.contains(type) else {
                        throw ConfigurationError(
                            path: path, message: "'scalars.\(name).format' applies to UUID mappings only")
                    }
                    guard let text = raw as? String, let value = ScalarMapping.UUIDFormat(rawValue: text) else {
                        throw ConfigurationError(
                            path: path,
                            message:
                                "'scalars.\(name).format' must be \(formats.joined(separator: " or ")), found \(raw)")
                    }
                    uuidFormat = value
                }
                result[name] = ScalarMapping(swiftType: type, decoding: decoding, uuidFormat: uuidFormat)
            } else {
                throw ConfigurationError(
                    path: path,
                    message: "'scalars.\(name)' must be a Swift type name (\"Int64\") or an object "
                        + "{\"type\": \"URL\", \"decoding\": \"decodable\"}")
            }
        }
        return result
    }

    /// Whether `text` is a GraphQL name (`/[_A-Za-z][_0-9A-Za-z]*/`).
    public static func isGraphQLName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first,
            first == "_" || ("A"..."Z").contains(first)
                || ("a"..."z").contains(first)
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// Whether `text` looks like a Swift type name: identifiers separated by dots, with optional generic arguments.
    public static func isSwiftTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        let allowed = Set("_.<>[]:?, ".unicodeScalars)
        return text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || allowed.contains($0)
        }
    }
}
