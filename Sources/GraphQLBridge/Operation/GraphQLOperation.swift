/// The kind of a GraphQL operation.
public enum GraphQLOperationType: String, Sendable, Hashable, CaseIterable {
    /// A read-only fetch.
    case query
    /// A write followed by a fetch.
    case mutation
    /// A long-lived request that receives a stream of results.
    case subscription
}

/// A GraphQL operation as the code generator emits it: its name, its document and its variables,
/// and the `Data` type its result decodes into.
///
/// Generated types conform to ``GraphQLQuery`` or ``GraphQLMutation``; this protocol is what the
/// runtime (``GraphQLHTTPClient``) needs from them.
///
/// ```swift
/// let result = try await client.execute(GameQuery(id: "6x45"))
/// print(result.data?.game?.name ?? "no such game")
/// ```
public protocol GraphQLOperation: Sendable {
    /// The variables sent with the operation.
    associatedtype Variables: Encodable & Sendable = GraphQLNoVariables
    /// The selection set the result's `data` decodes into.
    associatedtype Data: Decodable & Sendable

    /// Whether this is a query, a mutation or a subscription.
    static var operationType: GraphQLOperationType { get }
    /// The operation's name, sent as `operationName`.
    static var operationName: String { get }
    /// The whole document sent to the server: the operation and every fragment it uses, minified.
    static var document: String { get }
    /// The operation's identifier for persisted queries: the SHA-256 of ``document``'s UTF-8, as 64 lowercase hex
    /// digits (what Apollo's automatic persisted queries send as `sha256Hash` and a persisted-query manifest lists
    /// as `id`). The generator writes it as a constant; a hand-written operation gets it computed from its
    /// document at first use (and kept).
    static var operationIdentifier: String { get }
    /// The variables of this instance.
    var variables: Variables { get }
    /// What the cache needs to know of the operation (its selection tree); generated operations provide
    /// it, and an operation without it is never cached.
    static var cacheMetadata: GraphQLCacheMetadata? { get }
    /// The variables as JSON, written without an encoder: the same members, with the same values, as ``variables``
    /// encoded with `JSONEncoder`. The generator writes it for operations whose variables are all enums or `String`,
    /// `ID`, `Int`, `Long`, `Boolean` or `DateTime`; `nil` (the default) has the client encode ``variables``.
    var variablesJSON: [String: JSONValue]? { get }
}

extension GraphQLOperation {
    /// No cache metadata: the operation is never read from or written to a cache.
    public static var cacheMetadata: GraphQLCacheMetadata? { nil }

    /// None: the client encodes ``variables`` with `JSONEncoder`.
    public var variablesJSON: [String: JSONValue]? { nil }

    /// The SHA-256 of ``document``, computed at first use and kept for the process's lifetime (generated operations
    /// have it as a constant instead).
    public static var operationIdentifier: String { OperationIdentifiers.shared.identifier(of: Self.self) }
}

/// A generated query.
public protocol GraphQLQuery: GraphQLOperation {}

extension GraphQLQuery {
    /// Always ``GraphQLOperationType/query``.
    public static var operationType: GraphQLOperationType { .query }
}

/// A generated mutation.
public protocol GraphQLMutation: GraphQLOperation {}

extension GraphQLMutation {
    /// Always ``GraphQLOperationType/mutation``.
    public static var operationType: GraphQLOperationType { .mutation }
}

extension GraphQLOperation where Variables == GraphQLNoVariables {
    /// An operation without variables sends none.
    public var variables: GraphQLNoVariables { GraphQLNoVariables() }

    /// No variables: an empty object.
    public var variablesJSON: [String: JSONValue]? { [:] }
}

/// The `Variables` of an operation that declares none; encodes as `{}`.
public struct GraphQLNoVariables: Encodable, Sendable, Hashable {
    /// Creates the empty variables.
    public init() {}

    /// Encodes an empty JSON object.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: GraphQLCodingKey.self)
    }
}

extension GraphQLNoVariables: Decodable {
    /// Decodes any JSON object (or nothing): an operation without variables ignores what was sent.
    public init(from decoder: any Decoder) throws {
        self.init()
    }
}
