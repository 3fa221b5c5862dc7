/// A cache redirect: a root query field that names one object (or a list of objects) by its key arguments, such as
/// `game(id:)` or `draw(gameId:number:)`, read from that object's record when the cache has no answer of the field
/// itself. Declared in `graphql-codegen.json` (`"cache": {"fieldPolicies": {"Query.game": {"keyArgs": ["id"]}}}`)
/// and emitted in ``GraphQLCacheMetadata/fieldPolicies``, like Apollo's `@fieldPolicy(keyArgs:)`.
///
/// A redirect reads the object only when its record holds every field selected; otherwise (no record, a field
/// missing, an argument not given or `null`, an empty list of keys) the read is a miss, never an empty or partial
/// value. The result is fresh only when every field it reads is.
public struct GraphQLFieldPolicy: Sendable, Hashable {
    /// The object type the field returns (its items' type for a list).
    public let typeName: String
    /// The field's arguments whose values are the object's key fields, in the key fields' order.
    public let keyArguments: [String]
    /// For a field that returns a list: the one key argument that is a list, one object per item (`ids: [ID!]`).
    public let listArgument: String?

    /// Creates a field policy.
    /// - Parameters:
    ///   - typeName: the object type the field returns.
    ///   - keyArguments: the arguments holding the type's key fields, in order (`["gameId", "number"]`).
    ///   - listArgument: for a list field, the key argument that holds a list of values.
    public init(typeName: String, keyArguments: [String], listArgument: String? = nil) {
        self.typeName = typeName
        self.keyArguments = keyArguments
        self.listArgument = listArgument
    }

    /// The keys of the records the field names with these arguments (as the server coerces them): one for an object
    /// field, one per item for a list field; `nil` when an argument is missing, `null`, not a string or a number, or
    /// the list is empty.
    func recordKeys(arguments: [String: JSONValue]) -> [String]? {
        var lists: [[String]] = []
        var listIndex: Int?
        for (index, name) in keyArguments.enumerated() {
            guard let value = arguments[name] else { return nil }
            if name == listArgument {
                guard case .array(let items) = value, !items.isEmpty else { return nil }
                var texts: [String] = []
                for item in items {
                    guard let text = Self.keyText(item) else { return nil }
                    texts.append(text)
                }
                lists.append(texts)
                listIndex = index
            } else {
                guard let text = Self.keyText(value) else { return nil }
                lists.append([text])
            }
        }
        guard !lists.isEmpty else { return nil }
        guard let listIndex else {
            return [CacheKey.object(typeName: typeName, values: lists.map { $0[0] })]
        }
        return lists[listIndex].map { item in
            var values = lists.map { $0.first ?? "" }
            values[listIndex] = item
            return CacheKey.object(typeName: typeName, values: values)
        }
    }

    /// A key field's value as a key holds it: a string's text, a number's JSON text.
    private static func keyText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        default: return nil
        }
    }
}
