import Foundation

extension GraphQLCache {
    /// What a read found.
    enum ReadOutcome<Data: Sendable>: Sendable {
        /// Every field was there; `isStale` when one has outlived its lifetime (or its last write failed).
        /// `dependencies`: the keys of the records read.
        case hit(Data, isStale: Bool, dependencies: RecordKeys)
        /// A field was missing (its path); `dependencies`: the records read until then.
        case miss(path: String, dependencies: RecordKeys)
        /// The records were there but did not decode into `Data` (a schema change the version missed).
        case undecodable(APIError)
    }

    /// Reads an operation's result from the cache: a memoized result, a stored response, or the records.
    /// - Parameters:
    ///   - variables: the variables as the server coerces them (``GraphQLCacheMetadata/coercedVariables(_:)``).
    ///   - queryKey: the query's key (``GraphQLHTTPClient``'s: its document's hash and variables).
    ///   - inPlaceOfFailure: the result is to be served in place of a request that failed (`.serverFirst`'s
    ///     fallback): a stale result with a field the server said `must-revalidate` or `no-cache` of is a miss
    ///     (RFC 9111 §4.2.4).
    func read<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        queryKey: String, inPlaceOfFailure: Bool = false
    ) -> ReadOutcome<Data> {
        var errorNullsRead: Set<ErrorNull> = []
        return read(
            type, operationName: operationName, metadata: metadata, variables: variables, queryKey: queryKey,
            errorNulls: [], errorNullsRead: &errorNullsRead, inPlaceOfFailure: inPlaceOfFailure)
    }

    /// ``read(_:operationName:metadata:variables:queryKey:inPlaceOfFailure:)`` for a watcher of a partial result:
    /// `errorNulls` (the record fields where the server's last answer had errors) are read as `null` where the cache
    /// has no value, and those the result reached are put in `errorNullsRead`. Such a read is not the query's answer:
    /// it is neither served from nor kept in the memo and the stored responses.
    func read<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        queryKey: String, errorNulls: Set<ErrorNull>, errorNullsRead: inout Set<ErrorNull>,
        inPlaceOfFailure: Bool = false
    ) -> ReadOutcome<Data> {
        let (outcome, revalidates) = readWithRevalidation(
            type, operationName: operationName, metadata: metadata, variables: variables, queryKey: queryKey,
            errorNulls: errorNulls, errorNullsRead: &errorNullsRead)
        if inPlaceOfFailure, revalidates, case .hit(_, true, let dependencies) = outcome {
            return .miss(path: "data", dependencies: dependencies)
        }
        return outcome
    }

    /// The store errors a ``recordReader(metadata:variables:now:errorNulls:_:)``'s loads met, to report after the read.
    final class LoadProblems {
        var errors: [GraphQLCacheError] = []
    }

    /// A reader of the records as this cache shows them now (its optimistic layers over the store's records), with
    /// `errorNulls`; the store errors its loads meet go into `problems`.
    func recordReader(
        metadata: GraphQLCacheMetadata, variables: [String: JSONValue], now: Date, errorNulls: Set<ErrorNull>,
        _ problems: LoadProblems
    ) -> CacheReader {
        let store = self.store
        let layers = optimisticLayers
        var reader = CacheReader(
            metadata: metadata, variables: variables, now: now, defaultMaxAge: maxAge,
            load: { keys in
                do throws(GraphQLCacheError) {
                    return OptimisticLayer.overlay(layers, on: try store.records(forKeys: keys), keys: keys)
                } catch {
                    problems.errors.append(error)
                    return [:]
                }
            })
        reader.errorNulls = errorNulls
        return reader
    }

    /// ``read(_:operationName:metadata:variables:queryKey:errorNulls:errorNullsRead:inPlaceOfFailure:)``'s outcome,
    /// and whether a field of a hit must not be served stale in place of a failed request.
    private func readWithRevalidation<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        queryKey: String, errorNulls: Set<ErrorNull>, errorNullsRead: inout Set<ErrorNull>
    ) -> (ReadOutcome<Data>, revalidates: Bool) {
        let time = currentTime()
        noticeExternalWrites()
        noteQuery(queryKey)
        // A read with error nulls (a watcher of a partial result) is not the query's plain answer: no memo.
        let usesMemo = errorNulls.isEmpty
        if usesMemo, let memoized = memo.use(queryKey), let data = memoized.data as? Data {
            counters.memoizedHits += 1
            let stale = memoized.earliestExpiry <= time || dependsOnUnreliable(memoized.dependencies)
            return (.hit(data, isStale: stale, dependencies: memoized.dependencies), memoized.revalidates)
        }
        let store = self.store
        let keepsResponses = usesMemo && storesResponses && store.keepsResponses
        if keepsResponses,
            let hit = storedResponse(Data.self, operationName: operationName, queryKey: queryKey, time: time)
        {
            return hit
        }
        let problems = LoadProblems()
        var reader = recordReader(metadata: metadata, variables: variables, now: time, errorNulls: errorNulls, problems)
        let (response, version) = store.withReadSnapshot {
            (reader.readResponse(rootKey: CacheKey.queryRoot), keepsResponses ? try? store.writeVersion() : nil)
        }
        for problem in problems.errors { report(problem) }
        errorNullsRead = reader.errorNullsRead
        let dependencies = RecordKeys(reader.dependencies)
        guard let response else {
            counters.misses += 1
            return (.miss(path: reader.missingPath ?? "data", dependencies: dependencies), false)
        }
        // The response's JSON, written from the records: decoded as a server response is.
        let data: Data
        switch Self.decodeResponse(Data.self, operationName: operationName, body: Foundation.Data(response)) {
        case .success(let decoded): data = decoded
        case .failure(let error): return (.undecodable(error), false)
        case nil: return (.miss(path: "data", dependencies: dependencies), false)
        }
        counters.recordHits += 1
        let unreliable = !unreliableKeys.isEmpty && !unreliableKeys.isDisjoint(with: reader.dependencies)
        if keepsResponses, optimisticLayers.isEmpty, !unreliable, let version {
            do throws(GraphQLCacheError) {
                try store.saveResponse(
                    forQuery: queryKey, body: response, dependencies: reader.dependencies,
                    expiry: reader.earliestExpiry, latestReceipt: reader.latestReceipt,
                    revalidates: reader.revalidates, defaultMaxAge: maxAge.timeInterval, version: version)
                // A stored response takes space too: the byte limit holds after reads.
                trimIfNeeded(keeping: [])
            } catch {
                report(error)
            }
        }
        if usesMemo, !unreliable {
            memo.remember(
                data, dependencies: dependencies, earliestExpiry: reader.earliestExpiry,
                revalidates: reader.revalidates, for: queryKey)
        }
        return (.hit(data, isStale: reader.isStale || unreliable, dependencies: dependencies), reader.revalidates)
    }

    /// Whether any of `dependencies` had its last write fail.
    func dependsOnUnreliable(_ dependencies: RecordKeys) -> Bool {
        guard !unreliableKeys.isEmpty else { return false }
        return dependencies.keys.contains(where: unreliableKeys.contains)
    }

    /// `body` (a `{"data":…}` response written by the cache) decoded; `nil` when it has no data.
    static func decodeResponse<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, body: Foundation.Data
    ) -> Result<Data, APIError>? {
        do throws(APIError) {
            return try decodedResult(Data.self, operationName: operationName, body: body).data.map { .success($0) }
        } catch {
            return .failure(error)
        }
    }

    /// `body` (a `{"data":…}` response written by the cache) decoded as a result, as the server's answer would be
    /// (status 200, any error fails it): read by the generated decoder alone (``StoredBodyReader``), else decoded as a
    /// server's answer.
    static func decodedResult<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, body: Foundation.Data
    ) throws(APIError) -> GraphQLResult<Data> {
        // (Moved into the result, not bound: a binding copies the data, each of its references retained.)
        let stored = StoredBodyReader.data(Data.self, body: body)
        if stored != nil { return GraphQLResult(data: stored, byteCount: body.count) }
        return try GraphQLResponseDecoder.decode(
            Data.self, operation: operationName, response: HTTPResponse(status: 200), body: body,
            errorPolicy: .failOnAnyError)
    }

    /// The stored response of `queryKey`, decoded, when the store has a current one, no optimistic layer touches
    /// its records and none of them had its last write fail.
    private func storedResponse<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, queryKey: String, time: Date
    ) -> (ReadOutcome<Data>, revalidates: Bool)? {
        let stored: StoredResponse?
        do throws(GraphQLCacheError) {
            // One statement: no read transaction around it.
            stored = try store.storedResponse(forQuery: queryKey, defaultMaxAge: maxAge.timeInterval)
        } catch {
            report(error)
            return nil
        }
        guard let stored,
            optimisticLayers.isEmpty || !Self.anyRecord(of: stored.dependencies.keys, in: optimisticLayers),
            !dependsOnUnreliable(stored.dependencies),
            case .success(let data)? = Self.decodeResponse(Data.self, operationName: operationName, body: stored.body)
        else { return nil }
        counters.storedResponseHits += 1
        // A field received after now (this clock moved back, or the writer's is ahead): stale, and stays so.
        let expiry = stored.latestReceipt > time ? Date.distantPast : stored.expiry
        memo.remember(
            data, dependencies: stored.dependencies, earliestExpiry: expiry, revalidates: stored.revalidates,
            for: queryKey)
        return (.hit(data, isStale: expiry <= time, dependencies: stored.dependencies), stored.revalidates)
    }

    /// Whether any layer holds one of `keys`.
    private static func anyRecord(of keys: [String], in layers: [OptimisticLayer]) -> Bool {
        layers.contains { layer in keys.contains { layer.records[$0] != nil } }
    }
}
