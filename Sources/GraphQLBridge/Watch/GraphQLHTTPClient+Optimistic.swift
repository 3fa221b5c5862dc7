import Foundation

extension GraphQLHTTPClient {
    /// Executes a mutation, showing its expected result at once: `optimisticData` is applied to the cache
    /// before the request (watchers and refs see it), then replaced by the server's result, or rolled back
    /// exactly when the mutation fails (an error, a cancellation). Several optimistic mutations in flight are
    /// layers of their own: each is replaced or rolled back independently, whatever the order their answers
    /// come in.
    ///
    /// ```swift
    /// var game = cachedGame; game.isFavorite = true
    /// try await client.execute(SetFavoriteMutation(gameId: "6x45", favorite: true),
    ///                          optimisticData: .init(setFavorite: game))
    /// ```
    ///
    /// Without a cache, the same as ``execute(_:fetchPolicy:errorPolicy:)``.
    public func execute<Mutation: GraphQLMutation>(
        _ mutation: Mutation, optimisticData: Mutation.Data, errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) async throws(APIError) -> GraphQLResult<Mutation.Data> where Mutation.Data: Encodable {
        guard let cache, let metadata = Mutation.cacheMetadata else {
            return try await execute(mutation, errorPolicy: errorPolicy)
        }
        let name = Mutation.operationName
        let variables = try Self.variablesJSON(mutation)
        let encoded: JSONValue
        do {
            let bytes = try Self.variablesEncoder().encode(optimisticData)
            encoded = try JSONValue(parsing: bytes)
        } catch {
            throw .encoding(operation: name, reason: "the optimistic data could not be encoded: \(error)")
        }
        guard case .object(let expected) = encoded else {
            throw .encoding(operation: name, reason: "the optimistic data is not a JSON object")
        }
        let layer = await cache.addOptimisticLayer(data: expected, metadata: metadata, variables: variables)
        do {
            let fetched = try await fetch(mutation, errorPolicy: errorPolicy)
            await store(
                fetched, in: cache, metadata: metadata, variables: variables, rootKey: GraphQLCache.mutationRootKey,
                replacingLayer: layer)
            return fetched.result
        } catch {
            await cache.removeOptimisticLayer(layer)
            throw error
        }
    }
}
