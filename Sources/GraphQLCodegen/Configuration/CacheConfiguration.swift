/// What the cache needs beyond the schema, from `graphql-codegen.json`'s `cache` object:
///
/// ```json
/// "cache": {
///   "keyFields": { "Draw": ["gameId", "number"] },
///   "maxAge": { "Draw.prizePool": "5s", "Image": "1h" },
///   "fieldPolicies": { "Query.draw": { "keyArgs": ["gameId", "number"] } },
///   "listPolicies": {
///     "Query.draws": { "keyArgs": ["gameId"], "paginationArgs": ["last", "before"], "merge": "append",
///                      "continuation": "before" }
///   }
/// }
/// ```
///
/// Types not in `keyFields` are keyed by `id` when they select it. `fieldPolicies` declares cache redirects: a root
/// query field whose arguments (`keyArgs`, in the order of the returned type's key fields) name the object it
/// returns, read from that object's record when the cache has no answer of the field itself; for a field returning
/// a list, one of the key arguments is a list (`"Query.games": {"keyArgs": ["ids"]}`). `maxAge` gives lifetimes by schema
/// coordinate (a field, or a whole type) for data the server does not label with `Cache-Control`;
/// durations are a whole number with `ms`, `s`, `m` or `h`. `listPolicies` makes the pages of a paginated field (of the
/// query root, or of an object or interface type) one list in the cache (``ListPolicyConfiguration``).
public struct CacheConfiguration: Sendable, Hashable {
    /// Key fields by type name, for types whose key is not `id`.
    public var keyFields: [String: [String]]
    /// Lifetimes in milliseconds by schema coordinate (`Type.field` or `Type`).
    public var maxAgeMilliseconds: [String: Int64]
    /// Cache redirects: the key arguments of root query fields by schema coordinate (`"Query.draw"`), in the order of
    /// the returned type's key fields.
    public var fieldPolicies: [String: [String]]
    /// How the pages of paginated root query fields are one list, by schema coordinate (`"Query.draws"`).
    public var listPolicies: [String: ListPolicyConfiguration]

    /// Creates a cache configuration.
    public init(
        keyFields: [String: [String]] = [:], maxAgeMilliseconds: [String: Int64] = [:],
        fieldPolicies: [String: [String]] = [:], listPolicies: [String: ListPolicyConfiguration] = [:]
    ) {
        self.keyFields = keyFields
        self.maxAgeMilliseconds = maxAgeMilliseconds
        self.fieldPolicies = fieldPolicies
        self.listPolicies = listPolicies
    }

    /// The keys the `cache` object may have.
    public static let keys = ["keyFields", "maxAge", "fieldPolicies", "listPolicies"]

    /// Reads the `cache` object of a configuration file.
    static func parse(_ value: Any, path: String) throws(ConfigurationError) -> CacheConfiguration {
        guard let object = value as? [String: Any] else {
            throw ConfigurationError(
                path: path, message: "'cache' must be an object such as {\"keyFields\": {\"Draw\": [\"gameId\"]}}")
        }
        for key in object.keys.sorted() where !keys.contains(key) {
            throw ConfigurationError(
                path: path, message: "'cache': unknown key '\(key)'; the keys are \(keys.joined(separator: ", "))")
        }
        var configuration = CacheConfiguration()
        if let raw = object["keyFields"] {
            guard let keyFields = raw as? [String: Any] else {
                throw ConfigurationError(
                    path: path, message: "'cache.keyFields' must map type names to lists of field names")
            }
            for (type, fields) in keyFields {
                guard let names = fields as? [String], !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
                    throw ConfigurationError(
                        path: path, message: "'cache.keyFields.\(type)' must be a non-empty list of field names")
                }
                configuration.keyFields[type] = names
            }
        }
        if let raw = object["fieldPolicies"] {
            guard let policies = raw as? [String: Any] else {
                throw ConfigurationError(
                    path: path,
                    message: "'cache.fieldPolicies' must map root fields to policies such as "
                        + "{\"Query.game\": {\"keyArgs\": [\"id\"]}}")
            }
            for (coordinate, policy) in policies {
                guard let members = policy as? [String: Any], members.keys.allSatisfy({ $0 == "keyArgs" }),
                    let names = members["keyArgs"] as? [String], !names.isEmpty, names.allSatisfy({ !$0.isEmpty }),
                    Set(names).count == names.count
                else {
                    throw ConfigurationError(
                        path: path,
                        message:
                            "'cache.fieldPolicies.\(coordinate)' must be {\"keyArgs\": [...]}, a non-empty list of "
                            + "distinct argument names")
                }
                configuration.fieldPolicies[coordinate] = names
            }
        }
        if let raw = object["listPolicies"] {
            guard let policies = raw as? [String: Any] else {
                throw ConfigurationError(
                    path: path,
                    message: "'cache.listPolicies' must map fields to list policies such as "
                        + "{\"Query.draws\": {\"keyArgs\": [\"gameId\"], \"paginationArgs\": [\"last\", \"before\"], "
                        + "\"merge\": \"append\", \"continuation\": \"before\"}}")
            }
            for coordinate in policies.keys.sorted() {
                guard let policy = policies[coordinate] else { continue }
                configuration.listPolicies[coordinate] = try ListPolicyConfiguration.parse(
                    policy, at: "cache.listPolicies.\(coordinate)", path: path)
            }
        }
        if let raw = object["maxAge"] {
            guard let maxAges = raw as? [String: Any] else {
                throw ConfigurationError(
                    path: path, message: "'cache.maxAge' must map schema coordinates to durations such as \"5s\"")
            }
            for (coordinate, duration) in maxAges {
                guard let text = duration as? String, let milliseconds = Self.milliseconds(text) else {
                    throw ConfigurationError(
                        path: path,
                        message: "'cache.maxAge.\(coordinate)' must be a duration such as \"500ms\", \"5s\", \"2m\" "
                            + "or \"1h\", found \(duration)")
                }
                configuration.maxAgeMilliseconds[coordinate] = milliseconds
            }
        }
        return configuration
    }

    /// `"500ms"`, `"5s"`, `"2m"`, `"1h"` in milliseconds; `nil` for anything else.
    static func milliseconds(_ text: String) -> Int64? {
        let units: [(suffix: String, factor: Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit), let value = Int64(number) else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: unit.factor)
            return overflow ? nil : product
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
