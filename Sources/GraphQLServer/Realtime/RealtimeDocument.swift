/// The document a streaming HTTP request runs, or the answer that refuses it (see ``RealtimeHTTPHandler``'s
/// `document`).
package enum RealtimeDocument: Sendable {
    /// The GraphQL document to run.
    case query(String)
    /// The request has no document to run: this is the answer.
    case response(HTTPResponse)
}
