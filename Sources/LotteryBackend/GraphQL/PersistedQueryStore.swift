import Foundation
import GraphQLBridgeSupport
import GraphQLServer

/// The GraphQL endpoint's persisted-query state: the documents stored by automatic persisted queries (or the trusted
/// list), and the counts of what the endpoint received.
final class PersistedQueryStore: Sendable {
    /// Which protocol the endpoint speaks.
    let mode: PersistedQueryMode
    private struct State {
        var stored: [String: String] = [:]
        var counts = GraphQLRequestCounts()
    }

    private let state = Locked(State())

    /// The most documents automatic persisted queries keep (a hostile client cannot grow the store without bound).
    static let capacity = 10_000

    /// Creates a store.
    init(mode: PersistedQueryMode) {
        self.mode = mode
    }

    /// What the endpoint received so far.
    var snapshot: GraphQLRequestCounts { state.withLock { $0.counts } }

    /// Counts changed by `update`.
    func count(_ update: (inout GraphQLRequestCounts) -> Void) {
        state.withLock { state in update(&state.counts) }
    }

    /// What a request's document is.
    enum Resolution: Equatable {
        /// Run this document.
        case document(String)
        /// Answer 200 with this error (`PersistedQueryNotFound`, ...): `message`, `code`.
        case refused(message: String, code: String)
        /// A request error (400 for `application/graphql-response+json`).
        case invalid(String)
    }

    /// The document a request runs: its `query`, or the one its persisted-query id names.
    /// - Parameters:
    ///   - query: the request's `query`, if any.
    ///   - persistedQuery: the request's `extensions.persistedQuery`, if any.
    func resolve(query: String?, persistedQuery: JSONValue?) -> Resolution {
        count { counts in
            if query != nil { counts.withDocument += 1 } else if persistedQuery != nil { counts.idOnly += 1 }
        }
        guard let persistedQuery else {
            guard let query else { return .invalid("the request has no query string") }
            if case .trustedDocuments(let documents) = mode,
                documents[SHA256.hex(query)] == nil
            {
                return refused(message: "PersistedQueryNotInList", code: "PERSISTED_QUERY_NOT_IN_LIST")
            }
            return .document(query)
        }
        guard case .object = persistedQuery else { return .invalid("extensions.persistedQuery must be an object") }
        if mode == .disabled {
            if let query { return .document(query) }
            return .refused(message: "PersistedQueryNotSupported", code: "PERSISTED_QUERY_NOT_SUPPORTED")
        }
        guard persistedQuery["version"] == .number("1") else {
            return .invalid("Unsupported persisted query version: extensions.persistedQuery.version must be 1")
        }
        guard let hash = persistedQuery["sha256Hash"]?.stringValue, hash.utf8.count == 64,
            hash.utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else {
            return .invalid("extensions.persistedQuery.sha256Hash must be 64 lowercase hexadecimal digits")
        }
        if let query {
            guard SHA256.hex(query) == hash else {
                return .invalid("provided sha does not match query")
            }
        }
        switch mode {
        case .disabled:
            return .invalid("unreachable")
        case .trustedDocuments(let documents):
            guard let document = documents[hash] else {
                return query == nil
                    ? refused(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND")
                    : refused(message: "PersistedQueryNotInList", code: "PERSISTED_QUERY_NOT_IN_LIST")
            }
            if query == nil { count { $0.persistedHits += 1 } }
            return .document(document)
        case .automatic:
            if let query {
                state.withLock { state in
                    if state.stored[hash] == nil, state.stored.count < Self.capacity {
                        state.stored[hash] = query
                        state.counts.registered += 1
                    }
                }
                return .document(query)
            }
            guard let document = state.withLock({ $0.stored[hash] }) else {
                return refused(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND")
            }
            count { $0.persistedHits += 1 }
            return .document(document)
        }
    }

    private func refused(message: String, code: String) -> Resolution {
        count { counts in
            if code == "PERSISTED_QUERY_NOT_FOUND" { counts.notFound += 1 }
            if code == "PERSISTED_QUERY_NOT_IN_LIST" { counts.notInList += 1 }
        }
        return .refused(message: message, code: code)
    }
}
