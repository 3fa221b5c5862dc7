import Foundation

/// Splits a response's `data` into normalized records: every object with a key (`__typename` + its key
/// fields, `Game:6x45`) becomes one record, referred to from wherever it appears; objects without a key are
/// stored under their path from the root (`QUERY_ROOT.games({"activeOnly":true}).3`).
///
/// Fields that a GraphQL error names (the `null` of a prize ledger that is down) are not written, so the
/// cache never serves an error's `null` as if it were data: a later read of that field misses and goes to
/// the server.
struct CacheNormalizer {
    let metadata: GraphQLCacheMetadata
    let variables: [String: JSONValue]
    let receivedAt: Date
    /// The lifetime the server gave the whole response (`Cache-Control: max-age`).
    let serverMaxAge: Duration?
    /// The response paths of the fields that have errors (`game.lastDraw.prizePool`, `draws[2].prizePool`).
    let errorPaths: Set<String>
    private(set) var records: [String: CacheRecord] = [:]

    init(
        metadata: GraphQLCacheMetadata, variables: [String: JSONValue], receivedAt: Date, serverMaxAge: Duration?,
        errors: [GraphQLError]
    ) {
        self.metadata = metadata
        self.variables = variables
        self.receivedAt = receivedAt
        self.serverMaxAge = serverMaxAge
        self.errorPaths = Set(errors.compactMap { $0.path.map(Self.responsePath) })
    }

    /// Normalizes the response's `data` object under `rootKey` (`QUERY_ROOT`, or `MUTATION_ROOT`). Each root
    /// field is a record of its own (`QUERY_ROOT.game({"id":"6x45"})`), so that the root does not become one
    /// record that grows with every query ever cached.
    mutating func normalize(data: [String: JSONValue], rootKey: String) {
        // Response paths are spelled out only when there are errors to match them against.
        writeObject(
            data, selections: [metadata.selections], key: rootKey, responsePath: errorPaths.isEmpty ? nil : "",
            isRoot: true)
    }

    /// The key of the record holding the root field `fieldKey`.
    static func rootFieldKey(_ rootKey: String, _ fieldKey: String) -> String {
        rootKey + "." + fieldKey
    }

    /// Writes `object`'s selected fields into the record `key`. `responsePath` is the object's path in the
    /// response, or `nil` when no error names a path (then none is spelled out).
    private mutating func writeObject(
        _ object: [String: JSONValue], selections: [GraphQLSelectionSetMetadata], key: String, responsePath: String?,
        isRoot: Bool = false
    ) {
        let typeName = Self.typeName(of: object, selections: selections)
        var record = records[key] ?? CacheRecord(key: key)
        for set in selections {
            for field in set.fields(forType: typeName) where field.isSelected(variables: variables) {
                guard let value = object[field.responseKey] else { continue }
                var path: String?
                if let responsePath {
                    let fieldPath = responsePath.isEmpty ? field.responseKey : responsePath + "." + field.responseKey
                    guard !errorPaths.contains(fieldPath) else { continue }
                    path = fieldPath
                }
                let fieldKey = field.cacheKey(variables: variables)
                let cached =
                    value.isArrayOrObject
                    ? convert(value, selections: field.selections, pathKey: key + "." + fieldKey, responsePath: path)
                    : value == .null ? .null : .scalar(value)
                let lifetime = serverMaxAge ?? metadata.maxAge(of: field.field.name, on: typeName)
                let entry = CacheFieldEntry(value: cached, receivedAt: receivedAt, maxAge: lifetime)
                if isRoot {
                    let rootField = Self.rootFieldKey(key, fieldKey)
                    records[rootField] = CacheRecord(key: rootField, fields: [fieldKey: entry])
                } else {
                    record.fields[fieldKey] = entry
                }
            }
        }
        if !isRoot { records[key] = record }
    }

    private mutating func convert(
        _ value: JSONValue, selections: [GraphQLSelectionSetMetadata], pathKey: String, responsePath: String?
    ) -> CacheValue {
        switch value {
        case .null:
            return .null
        case .array(let items) where !selections.isEmpty || items.contains(where: \.isArrayOrObject):
            return .list(
                items.enumerated().map { index, item in
                    convert(
                        item, selections: selections, pathKey: pathKey + ".\(index)",
                        responsePath: responsePath.map { $0 + "[\(index)]" })
                })
        case .object(let members) where !selections.isEmpty:
            let key = objectKey(members, selections: selections) ?? pathKey
            writeObject(members, selections: selections, key: key, responsePath: responsePath)
            return .reference(key)
        default:
            return .scalar(value)
        }
    }

    /// `Type:id` (key fields joined by `,`), or `nil` when the object's type or a key field is not known.
    private func objectKey(_ object: [String: JSONValue], selections: [GraphQLSelectionSetMetadata]) -> String? {
        guard let typeName = Self.typeName(of: object, selections: selections) else { return nil }
        var parts: [String] = []
        for field in metadata.keyFields(of: typeName) {
            switch object[field] {
            case .string(let text)?: parts.append(text)
            case .number(let text)?: parts.append(text)
            default: return nil
            }
        }
        return typeName + ":" + parts.joined(separator: ",")
    }

    static func typeName(of object: [String: JSONValue], selections: [GraphQLSelectionSetMetadata]) -> String? {
        if case .string(let name)? = object["__typename"] { return name }
        return selections.lazy.compactMap(\.typeName).first
    }

    /// `game.lastDraw.prizePool`, `draws[2].prizePool`: a GraphQL error's path as the normalizer spells paths.
    static func responsePath(_ components: [GraphQLError.PathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .field(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

extension JSONValue {
    fileprivate var isArrayOrObject: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
