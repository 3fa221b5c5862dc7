/// One entry of `graphql-codegen.json`'s `cache.listPolicies`: how the pages of a paginated field are one list in the
/// cache (`GraphQLListPolicy` at run time). The entry names a field of the query root type (`Query.draws`: the list is
/// a record of its own) or of an object or interface type (`User.friends`: each object's list is a field of its
/// record; an interface's entry applies to the object types implementing it that have none of their own).
///
/// ```json
/// "listPolicies": {
///   "Query.draws": { "keyArgs": ["gameId"], "paginationArgs": ["last", "before"], "merge": "append",
///                    "continuation": "before" },
///   "Query.itemsPage": { "paginationArgs": ["offset", "limit"], "merge": "offset", "continuation": "offset" },
///   "Query.itemsConnection": { "paginationArgs": ["first", "after", "last", "before"], "merge": "connection" },
///   "User.friends": { "keyArgs": ["kind"], "paginationArgs": ["first", "after"], "merge": "connection" }
/// }
/// ```
///
/// - `keyArgs`: the arguments that say which list it is (the list's field key is made of them alone); none by default.
/// - `paginationArgs`: the arguments that say which page it is. Every argument of the field is in one of the two.
/// - `merge`: where a page goes. `"append"`: after the stored list when its `continuation` argument is set (not
///   `null`); `"prepend"`: before it; `"offset"`: at the offset its `continuation` argument gives (an `Int`), taking the
///   places of its items; `"connection"`: a Relay connection, whose `after` page goes after the stored edges and nodes
///   and whose `before` page goes before them, `pageInfo` combined. A page that continues nothing (no continuation,
///   offset 0, neither `after` nor `before`) is the first page: it replaces the list.
/// - `continuationField` (with `"append"` only): the field of the list's items whose value the `continuation` argument
///   takes (the lottery's `"before"` is the `number` of the last draw shown). A page then joins the stored list only
///   after the item it names (appended after the last; in place after an earlier one); a page that follows no stored
///   item (a gap) is left out of the list, which never has a hole. It must be one of the item type's key fields
///   (`cache.keyFields`, `id` by default).
public struct ListPolicyConfiguration: Sendable, Hashable {
    /// Where a page goes.
    public enum Merge: String, Sendable, Hashable, CaseIterable {
        /// After the stored list, when the `continuation` argument is set.
        case append
        /// Before the stored list, when the `continuation` argument is set.
        case prepend
        /// At the offset the `continuation` argument gives.
        case offset
        /// A Relay connection, by its `after` and `before` arguments.
        case connection
    }

    /// The arguments that say which list it is.
    public var keyArgs: [String]
    /// The arguments that say which page it is.
    public var paginationArgs: [String]
    /// Where a page goes.
    public var merge: Merge
    /// The argument that says a page continues the list (`append`, `prepend`) or where it goes (`offset`); `nil` for
    /// a connection (its `after` and `before`).
    public var continuation: String?
    /// The items' field whose value `continuation` takes (`append` only): a page joins the list only after the item it
    /// names; `nil`: after the stored list, whatever the value.
    public var continuationField: String?

    /// Creates a list policy's configuration.
    public init(
        keyArgs: [String] = [], paginationArgs: [String], merge: Merge, continuation: String? = nil,
        continuationField: String? = nil
    ) {
        self.keyArgs = keyArgs
        self.paginationArgs = paginationArgs
        self.merge = merge
        self.continuation = continuation
        self.continuationField = continuationField
    }

    /// The members an entry may have.
    public static let keys = ["keyArgs", "paginationArgs", "merge", "continuation", "continuationField"]

    /// Reads one entry (`at`: where it is, `cache.listPolicies.Query.draws`).
    static func parse(_ value: Any, at entry: String, path: String) throws(ConfigurationError)
        -> ListPolicyConfiguration
    {
        func fail(_ message: String) -> ConfigurationError {
            ConfigurationError(path: path, message: "'\(entry)': \(message)")
        }
        guard let members = value as? [String: Any] else {
            throw fail(
                "must be an object such as {\"keyArgs\": [\"gameId\"], \"paginationArgs\": [\"last\", \"before\"], "
                    + "\"merge\": \"append\", \"continuation\": \"before\"}")
        }
        for key in members.keys.sorted() where !keys.contains(key) {
            throw fail("unknown key '\(key)'; the keys are \(keys.joined(separator: ", "))")
        }
        func names(_ key: String, required: Bool) throws(ConfigurationError) -> [String] {
            guard let raw = members[key] else {
                if required { throw fail("'\(key)' is missing: a non-empty list of argument names") }
                return []
            }
            guard let names = raw as? [String], names.allSatisfy({ !$0.isEmpty }), Set(names).count == names.count,
                !required || !names.isEmpty
            else {
                throw fail("'\(key)' must be a list of distinct argument names\(required ? ", not empty" : "")")
            }
            return names
        }
        let keyArgs = try names("keyArgs", required: false)
        let paginationArgs = try names("paginationArgs", required: true)
        if let shared = keyArgs.first(where: paginationArgs.contains) {
            throw fail("'\(shared)' is in both keyArgs and paginationArgs; an argument keys the list or pages it")
        }
        let choices = Merge.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = members["merge"] as? String else {
            throw fail("'merge' must be one of \(choices)")
        }
        guard let merge = Merge(rawValue: text) else {
            throw fail("'merge' is '\(text)'; it must be one of \(choices)")
        }
        var continuation: String?
        if let raw = members["continuation"] {
            guard let name = raw as? String, !name.isEmpty else {
                throw fail("'continuation' must be an argument name")
            }
            continuation = name
        }
        var continuationField: String?
        if let raw = members["continuationField"] {
            guard let name = raw as? String, !name.isEmpty else {
                throw fail("'continuationField' must be the name of a field of the list's items")
            }
            guard merge == .append else {
                throw fail(
                    "'continuationField' names the item a page continues after: only with 'merge': 'append', "
                        + "not '\(merge.rawValue)'")
            }
            continuationField = name
        }
        switch merge {
        case .connection:
            if continuation != nil {
                throw fail("a connection continues by its 'after' and 'before' arguments: no 'continuation'")
            }
            guard paginationArgs.contains("after") || paginationArgs.contains("before") else {
                throw fail("a connection's paginationArgs must hold 'after' or 'before'")
            }
        case .append, .prepend, .offset:
            guard let continuation else {
                throw fail(
                    "'\(merge.rawValue)' needs 'continuation': the pagination argument that says where a page goes")
            }
            guard paginationArgs.contains(continuation) else {
                throw fail("'continuation' ('\(continuation)') must be one of paginationArgs")
            }
        }
        return ListPolicyConfiguration(
            keyArgs: keyArgs, paginationArgs: paginationArgs, merge: merge, continuation: continuation,
            continuationField: continuationField)
    }
}
