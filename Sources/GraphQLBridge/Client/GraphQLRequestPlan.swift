import Foundation

/// The HTTP requests of one execution of an operation, as ``PersistedQueries`` says: the request to send first and,
/// for automatic persisted queries, the request with the document, sent once when the server does not know the id.
struct GraphQLRequestPlan: Sendable {
    /// One HTTP request and its body (empty for `GET`).
    struct Exchange: Sendable {
        var request: HTTPRequest
        var body: Data
    }

    /// The request sent first.
    var first: Exchange
    /// For ``PersistedQueries/Mode/automatic``: the request with the document (by `POST`), sent once after
    /// `PersistedQueryNotFound`.
    var withDocument: Exchange?
    /// For ``PersistedQueries/Mode/automatic``: the plain request with the document and no persisted-query
    /// extension, sent when the server does not take persisted queries at all (`PersistedQueryNotSupported`).
    var documentOnly: Exchange?
    /// What the first request carries in place of the document.
    var mode: PersistedQueries.Mode
    /// The operation's persisted-query id.
    var operationIdentifier: String
}
