import Foundation

/// A persistent cache's first read of a query (the app's next launch) without the hop to its serial queue: the
/// query's stored response read on the caller's thread through a second, read-only connection that never waits
/// (``SQLiteResponseReader`` says why that is safe on a thread Swift concurrency shares), and decoded there.
///
/// The same rules as the queue's read of a stored response (`GraphQLCache+Reads.swift`): a stored response is
/// current by construction (a write of any of its records deletes it in the same transaction, in any process); none is
/// served while an optimistic layer is applied or a record's last write failed (``DirectReadState/allowed``, set by
/// the actor); a field received after now is stale. Anything else (no stored response, a busy or failed read, a
/// result that does not decode, a stale one that must be revalidated in place of a failure, a query this cache has
/// read or written before, whose result the memo may hold) is read on the queue, as before.
extension GraphQLCache {
    /// `queryKey`'s stored response, read and decoded on the calling thread, as a cache hit's result; `nil`: read it on
    /// the cache's queue (``read(_:operationName:metadata:variables:queryKey:inPlaceOfFailure:)``).
    ///
    /// The decoder's own result is returned, made a cache hit's (no body size, source `.cache`), rather than its data
    /// wrapped again: the data of an unspecialized generic type is copied (each of its references retained) and its
    /// wrappers' metadata looked up at run time at every step it takes.
    nonisolated func directRead<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, queryKey: String, inPlaceOfFailure: Bool = false
    ) -> GraphQLResult<Data>? {
        guard let responseReader, directReads.withLock({ $0.claim(queryKey) }) else { return nil }
        let time = currentTime()
        guard
            case .read(let stored?) = responseReader.storedResponse(
                forQuery: queryKey, defaultMaxAge: maxAge.timeInterval)
        else { return nil }
        // (Not `try?`: an optional result's metadata is looked up at run time, and its binding copies the data.)
        var result: GraphQLResult<Data>
        do throws(APIError) {
            result = try Self.decodedResult(Data.self, operationName: operationName, body: stored.body)
        } catch {
            return nil
        }
        guard result.data != nil else { return nil }
        // A field received after now (this clock moved back, or the writer's is ahead): stale.
        let isStale = stored.latestReceipt > time || stored.expiry <= time
        if inPlaceOfFailure, isStale, stored.revalidates { return nil }
        // Not served when a layer was applied (or a write failed) meanwhile.
        guard directReads.withLock({ $0.serve(stored.dependencies) }) else { return nil }
        // As a hit read on the queue gives it (`GraphQLResult(data:)`): the stored body has no errors nor extensions.
        result.byteCount = 0
        result.source = .cache
        result.isStale = isStale
        return result
    }

    /// Marks `queryKey` as read or written by this cache (its result may be memoized): later reads of it go to the
    /// queue. Nothing for a memory cache.
    nonisolated func noteQuery(_ queryKey: String?) {
        guard responseReader != nil, let queryKey else { return }
        directReads.withLock { $0.know(queryKey) }
    }

    /// Sets whether direct reads may serve stored responses (no optimistic layer, no failed write).
    func updateDirectReads() {
        guard responseReader != nil else { return }
        let allowed = optimisticLayers.isEmpty && unreliableKeys.isEmpty
        directReads.withLock { $0.allowed = allowed }
    }

    /// The records of the results direct reads served since the last call, to mark as used.
    func takeDirectReadUses() -> [String] {
        guard responseReader != nil else { return [] }
        return directReads.withLock { state in
            defer { state.used = [] }
            return state.used.flatMap(\.keys)
        }
    }
}
