import Foundation

extension GraphQLHTTPClient {
    /// Executes a mutation, showing its expected result at once: `optimisticData` is applied to the cache
    /// before the request (watchers and refs see it), then replaced by the server's result, or rolled back
    /// exactly when the server refuses the mutation (it answers with errors and no data). An answer with data and
    /// errors is an applied mutation: its data replaces the layer whatever `errorPolicy` then makes of the call; an
    /// answer the cache does not write (`Cache-Control: no-store`, a body that does not decode) ends the layer with the
    /// fields it changed stale, so the next read asks the server. Several optimistic mutations in flight
    /// are layers of their own: each is replaced or rolled back independently, whatever the order their answers
    /// come in.
    ///
    /// When the outcome cannot be known (the task was cancelled, or the connection was lost or timed out after the
    /// request went out: the server may have applied it), the layer is rolled back and the cached fields it would
    /// have changed become stale, so the next read asks the server rather than serve the pre-mutation value as fresh.
    ///
    /// ```swift
    /// var game = cachedGame; game.isFavorite = true
    /// try await client.execute(SetFavoriteMutation(gameId: "6x45", favorite: true),
    ///                          optimisticData: .init(setFavorite: game))
    /// ```
    ///
    /// The optimistic value goes to the cache's records directly: a generated value's members are read as they are
    /// (only its leaves are encoded, each into JSON); another `Encodable` type is encoded into a JSON tree (no text).
    /// Without a cache, the same as ``execute(_:fetchPolicy:errorPolicy:)``.
    public func execute<Mutation: GraphQLMutation>(
        _ mutation: Mutation, optimisticData: Mutation.Data, errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) async throws(APIError) -> GraphQLResult<Mutation.Data> where Mutation.Data: Encodable {
        guard let cache, let metadata = Mutation.cacheMetadata else {
            return try await execute(mutation, errorPolicy: errorPolicy)
        }
        let name = Mutation.operationName
        let variables = metadata.coercedVariables(try Self.variablesJSON(mutation))
        let root = CacheKey.root(of: Mutation.operationType)
        var normalizer = CacheNormalizer(
            metadata: metadata, variables: variables, receivedAt: cache.currentTime(), serverMaxAge: nil,
            defaultMaxAge: cache.maxAge)
        if let generated = optimisticData as? any GraphQLResponseEncodable {
            // The generated value's members straight to records: no encoder but for its leaves.
            do throws(GraphQLDecodingError) {
                try normalizer.normalize(GraphQLResponseObject(generated), rootKey: root)
            } catch {
                throw .encoding(operation: name, reason: "the optimistic data could not be encoded: \(error.reason)")
            }
        } else {
            // A type of the app's own: encoded into a JSON tree (no text), then normalized.
            do {
                guard case .object(let members) = try JSONValueEncoder().encode(optimisticData) else {
                    throw APIError.encoding(operation: name, reason: "the optimistic data is not a JSON object")
                }
                normalizer.normalize(data: members, errors: [], rootKey: root)
            } catch let error as APIError {
                throw error
            } catch {
                throw .encoding(operation: name, reason: "the optimistic data could not be encoded: \(error)")
            }
        }
        // The pages of lists it holds go through the same merge as an answer's (over the lists under the layer).
        var writes = normalizer.writes
        var dependencies = normalizer.dependencies
        let lists = CacheListMergeStep(metadata: metadata, variables: variables).apply(
            to: &writes, dependencies: &dependencies, rootKey: root, unkeptRootValues: normalizer.unkeptRootValues,
            unkeptWrites: normalizer.unkeptWrites)
        let layer = await cache.addOptimisticLayer(writes, lists: lists ?? [:])
        let fetched: Fetched<Mutation.Data>
        do {
            fetched = try await fetch(mutation, errorPolicy: errorPolicy)
        } catch {
            // No answer: refused only when the request certainly never went out.
            await cache.removeOptimisticLayer(layer, ending: Self.outcomeIsKnown(error) ? .rolledBack : .unknownOutcome)
            throw error
        }
        // An answer: with data, the server applied the mutation (errors or not) and the layer is replaced by what it
        // answered (or, not written, ends with the fields it changed stale); without data, it refused: rolled back.
        await store(fetched, in: cache, metadata: metadata, variables: variables, replacingLayer: layer)
        return try fetched.get()
    }

    /// Whether a failed write certainly did not happen: the server answered without data (with errors or a refusing
    /// status), or the request never went out. After a cancellation, a timeout or a lost connection it may have
    /// happened.
    static func outcomeIsKnown(_ error: APIError) -> Bool {
        switch error {
        case .graphQL, .httpStatus, .encoding, .unimplemented, .persistedQueryNotRegistered, .webSocketUnavailable:
            return true
        case .transport(_, _, let requestCertainlyNotSent): return requestCertainlyNotSent
        case .cancelled, .timedOut, .responseTooLarge, .decoding, .invalidResponse, .notFound, .unexpectedResponseType,
            .cacheMiss, .webSocketClosed:
            return false
        }
    }
}
