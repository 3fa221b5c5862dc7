import Foundation

extension GraphQLHTTPClient {
    /// The `Accept` header of an operation with `@defer` or `@stream`: incremental delivery over `multipart/mixed` in
    /// the current draft's format (`incrementalSpec=v0.2`) or Apollo's 2022 format (`deferSpec=20220824`), and a
    /// whole JSON result from a server that does not deliver incrementally.
    public static let incrementalAcceptHeader =
        "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824;q=0.9, "
        + "application/graphql-response+json;q=0.8, application/json;q=0.7"

    /// Whether `document` asks for incremental delivery (a `@defer` or `@stream` directive in it).
    static func asksForIncrementalDelivery(_ document: String) -> Bool {
        document.contains("@defer") || document.contains("@stream")
    }

    /// A `multipart/mixed` answer (an incrementally delivered result, in either format) as the one JSON result its
    /// payloads merge into (``IncrementalResultMerger``); any other answer as it is. A body that is cut short
    /// (no closing delimiter, or `hasNext` still true) or whose payloads do not fit is refused with
    /// ``APIError/invalidResponse(operation:status:reason:bodyExcerpt:)`` that says which payload and where.
    static func mergingIncrementalDelivery(_ response: HTTPResponse, _ body: Data, operation: String) throws(APIError)
        -> (HTTPResponse, Data)
    {
        guard response.mediaType == "multipart/mixed" else { return (response, body) }
        func refused(_ reason: String) -> APIError {
            .invalidResponse(
                operation: operation, status: response.status, reason: reason,
                bodyExcerpt: String(decoding: body.prefix(300), as: UTF8.self))
        }
        guard let boundary = MultipartMixedParser.boundary(ofContentType: response.headers["Content-Type"] ?? "")
        else { throw refused("a multipart/mixed response without a boundary parameter") }
        var parser = MultipartMixedParser(boundary: boundary)
        let outputs: [MultipartMixedParser.Output]
        do {
            outputs = try parser.feed(body)
        } catch {
            throw refused("the multipart body's framing: \(error.message)")
        }
        var merger = IncrementalResultMerger()
        var ended = false
        for output in outputs {
            switch output {
            case .end:
                ended = true
            case .part(let part):
                do throws(GraphQLDecodingError) {
                    _ = try merger.apply(part: part)
                } catch {
                    throw .decoding(operation: operation, error)
                }
            }
        }
        guard merger.payloadCount > 0 else { throw refused("a multipart/mixed response without a payload") }
        guard !merger.hasNext else {
            throw refused(
                ended
                    ? "the body ended while its last payload said hasNext: true"
                    : "the body was cut short: no closing delimiter, and the last payload said hasNext: true")
        }
        var merged = response
        merged.headers["Content-Type"] = "application/graphql-response+json; charset=utf-8"
        return (merged, Data(merger.response.jsonText.utf8))
    }

    /// Writes one state of an incrementally delivered query to the cache, through ``store``: the complete answer as
    /// any query's answer (with `queryKey`: kept as the query's response); a state before it, what arrived of it
    /// (``IncrementalQueryFetch/State/cacheable``), into the records only: not kept as the query's response, which the
    /// cache would give as a complete answer, and with the fields still pending absent, not missing. With `watcher`,
    /// what each state is made of becomes its dependencies. Every state's write starts at the request's start: a field
    /// another write changed since (a mutation while the deferred fragment was on its way) keeps its newer value,
    /// while the earlier states of the same answer, which wrote the same values, do not count as newer.
    @discardableResult
    func storeIncrementally<Operation: GraphQLOperation>(
        _ state: IncrementalQueryFetch<Operation>.State, in cache: GraphQLCache, metadata: GraphQLCacheMetadata,
        variables: [String: JSONValue], queryKey: String,
        watcher: CacheWatcher? = nil
    ) async -> WriteOutcome? {
        if state.isFinal {
            return await store(
                state.fetched, in: cache, metadata: metadata, variables: variables, queryKey: queryKey,
                watcher: watcher)
        }
        guard let cacheable = state.cacheable else { return nil }
        return await store(
            cacheable, in: cache, metadata: metadata, variables: variables, rootKey: CacheKey.queryRoot,
            watcher: watcher)
    }

    /// The error of an incremental read that ended without its complete answer (``IncrementalQueryFetch`` throws
    /// first; kept for the loops' exhaustiveness).
    static func endedEarly(_ operation: String) -> APIError {
        .invalidResponse(
            operation: operation, status: 0, reason: "the incrementally delivered answer ended before it was complete",
            bodyExcerpt: "")
    }
}
