/// How a ``GraphQLHTTPClient`` sends its operations: the whole document with every request (the default),
/// Apollo's automatic persisted queries, or the identifiers of a registered manifest only.
///
/// ```swift
/// // The id alone; the document only when the server does not know the id yet (once per id and server).
/// let client = GraphQLHTTPClient(endpoint: url, persistedQueries: .automatic(useGETForQueries: true))
/// // The server runs only the operations of its manifest (`"persistedQueries": {"manifest": ...}` in
/// // graphql-codegen.json writes it); the client never sends a document.
/// let strict = GraphQLHTTPClient(endpoint: url, persistedQueries: .registeredOnly)
/// ```
///
/// An operation's id is its ``GraphQLOperation/operationIdentifier`` (the SHA-256 of its document), sent as
/// `"extensions": {"persistedQuery": {"version": 1, "sha256Hash": <id>}}`.
///
/// - ``automatic(useGETForQueries:)``: each request carries the id alone. When the server answers
///   `PersistedQueryNotFound` (by its message, or by `extensions.code` `PERSISTED_QUERY_NOT_FOUND`), the client
///   sends the same request once more with the document (by `POST`), which the server runs and stores.
/// - ``registeredOnly``: ids only, never a document. A server that does not know the id (`PERSISTED_QUERY_NOT_FOUND`
///   or `PERSISTED_QUERY_NOT_IN_LIST`) fails the call with
///   ``APIError/persistedQueryNotRegistered(operation:operationIdentifier:serverMessage:)``: the manifest the server
///   was given is older than the app's operations.
///
/// With `useGETForQueries`, queries go by `GET` (`operationName`, `variables` and `extensions` as URL query
/// parameters), which HTTP caches and CDNs can serve; mutations always go by `POST`, and so does a query whose URL
/// would be longer than ``maximumURLLength`` (long variables). A `GET` answer's `Cache-Control` works with a
/// ``GraphQLCache`` as a `POST` answer's does.
public struct PersistedQueries: Sendable, Hashable {
    /// What the client sends in place of the document.
    public enum Mode: Sendable, Hashable {
        /// The whole document with every request.
        case disabled
        /// The id first; the document once when the server does not know the id.
        case automatic
        /// The id only.
        case registeredOnly
    }

    /// What the client sends in place of the document.
    public var mode: Mode
    /// Whether queries go by `GET` (mutations never do).
    public var useGETForQueries: Bool
    /// The longest `GET` URL the client sends, in bytes; a query whose URL would be longer goes by `POST`.
    /// 2,048 by default, which every proxy and CDN accepts.
    public var maximumURLLength: Int

    /// Creates a setting.
    /// - Parameters:
    ///   - mode: what the client sends in place of the document.
    ///   - useGETForQueries: whether queries go by `GET`.
    ///   - maximumURLLength: the longest `GET` URL, in bytes.
    public init(mode: Mode, useGETForQueries: Bool = false, maximumURLLength: Int = 2_048) {
        self.mode = mode
        self.useGETForQueries = useGETForQueries
        self.maximumURLLength = maximumURLLength
    }

    /// Every request carries its whole document, by `POST` (the default).
    public static let disabled = PersistedQueries(mode: .disabled)

    /// Apollo's automatic persisted queries: the id alone, the document once when the server does not know the id.
    /// - Parameter useGETForQueries: whether queries go by `GET` (mutations, and queries whose URL would be too
    ///   long, go by `POST`).
    public static func automatic(useGETForQueries: Bool = false) -> PersistedQueries {
        PersistedQueries(mode: .automatic, useGETForQueries: useGETForQueries)
    }

    /// The ids of a registered manifest only, by `POST`; a document is never sent.
    public static let registeredOnly = PersistedQueries(mode: .registeredOnly)

    /// The ids of a registered manifest only; a document is never sent.
    /// - Parameter useGETForQueries: whether queries go by `GET`.
    public static func registeredOnly(useGETForQueries: Bool) -> PersistedQueries {
        PersistedQueries(mode: .registeredOnly, useGETForQueries: useGETForQueries)
    }
}
