import Foundation

/// A server's answer, on its way into the cache: what ``GraphQLHTTPClient`` hands to ``GraphQLCache``.
struct ResponseWrite: Sendable {
    /// The response's `data` object.
    var data: ResponseData
    /// The response's `errors`: their `null`s are not data.
    var errors: [GraphQLError]
    var metadata: GraphQLCacheMetadata
    /// The variables as the server coerced them.
    var variables: [String: JSONValue]
    /// ``CacheKey/queryRoot``, or the root of a mutation or subscription (whose root fields are not kept).
    var rootKey: String
    /// The lifetime the server gave the whole response (``CacheControl/lifetime``: `max-age`, zero for `no-cache` or
    /// an invalid `max-age`), which replaces the configured ones.
    var serverMaxAge: Duration?
    /// Whether the server said the answer, once stale, must not be served in place of a failed request
    /// (`must-revalidate`, `no-cache`).
    var mustRevalidate = false
    /// When the answer was generated, on the cache's clock: the time its request was sent, less the server's `Age`
    /// (RFC 9111 §4.2.3); `nil`: the time of the write (an event, an answer with no request time).
    var receivedAt: Date? = nil
    /// The store version the request started at (``GraphQLCache/requestVersion()``): fields changed since, by any
    /// process, are not overwritten, and nothing is written when the store was cleared since. `nil` for a mutation's
    /// or an event's answer, which is newer than anything the cache holds.
    var startedAt: UInt64?
    /// For a query: its key, to keep its response (a persistent store) and its decoded result (the memo).
    var queryKey: String?
    /// For a query: the decoded result, memoized when the whole answer was written.
    var result: (any Sendable)?
    /// The request's place among the requests the cache's clients sent (``GraphQLCache/nextRequestSequence()``):
    /// the versions this cache's answers to requests sent before it wrote since it started are of unknown order
    /// against it (``GraphQLCacheStore/merge(_:startedAt:order:response:lists:)``).
    var sentSequence: UInt64? = nil
    /// Whether its first pages of lists replace them whatever they hold (``CacheListMergeStep/firstPagesReplace``: a
    /// pager's refresh).
    var firstPagesReplace = false
}

/// A response's `data` object as the cache reads it.
enum ResponseData: Sendable {
    /// A parsed tree: an optimistic result, or an answer with errors (whose `null`s are placed on the tree).
    case tree(JSONObject)
    /// The body's tape and the tape index of its `data` object: an answer without errors, whose bytes are read once
    /// into the records (no tree). A client's answer usually comes with the tape its decoder recorded.
    case tape(JSONTape, data: Int)
    /// The UTF-8 body of an answer without errors and with `data` whose decoder recorded no tape: the cache compares
    /// it with the answer its query's memoized result came from, and tapes it (``taped(_:)``) only when it differs
    /// (kept as it arrived: an answer equal to the last one is compared in place, never copied).
    case body(Data)

    /// `body`'s `data` object as the cache reads it: the body's tape, or its parsed tree when the tape does not take it
    /// (a member name with an escape, a name given twice). `nil` when the body has no `data` object.
    static func taped(_ body: [UInt8]) -> ResponseData? {
        if let tape = JSONTape(body) {
            guard let data = dataObject(on: tape) else { return nil }
            return .tape(tape, data: data)
        }
        return tree(parsing: Data(body))
    }

    /// The tape index of the `data` object of the body on `tape`; `nil` when it has none (or `data` is not an object).
    static func dataObject(on tape: JSONTape) -> Int? {
        var name = "data"
        guard let data = name.withUTF8({ tape.member(0, $0) }), tape.firstByte(data) == UInt8(ascii: "{") else {
            return nil
        }
        return data
    }

    /// `body`'s `data` object as a parsed tree; `nil` when the body is not JSON or has no `data` object.
    static func tree(parsing body: Data) -> ResponseData? {
        guard case .object(let members)? = try? JSONValue(parsing: body), case .object(let data)? = members["data"]
        else { return nil }
        return .tree(data)
    }
}

/// What a write did.
struct WriteOutcome: Sendable {
    /// The records whose values changed.
    var changedValues: Set<String> = []
    /// The keys of the records the answer is made of: what a watcher of the query depends on.
    var dependencies: Set<String> = []
    /// Where each of the server's errors put its `null` (the record field written as missing), in the errors' order:
    /// read as `null`, with that error, by a watcher of this answer while its read reaches that record's field.
    var errorNulls: [ErrorNull?] = []
    /// Whether the answer could not be written at all (an error without a path, a value that is not valid): then the
    /// stored fields it carries with other values were made stale instead.
    var wasUnwritable = false
    /// Whether the store now holds the answer as the server sent it (no field error, nothing overtaken, written).
    var isComplete = false
    /// Whether the cache had newer data for some of the answer (or was cleared since its request started).
    var wasOvertaken = false
    /// Whether pages of the answer were merged into lists the store keeps (``GraphQLListPolicy``): a read of the query
    /// then gives each whole list, which may hold more than the answer's page (a watcher of the query reads it back).
    var mergedLists = false
}

extension GraphQLCache {
    /// Writes a server's answer: normalized, merged into the records except those changed since its request started,
    /// then (for a whole query answer) kept as the query's stored response and memoized result. With a `watcher`, the
    /// records the answer is made of become its dependencies in the same step, so no later change is missed.
    @discardableResult
    func write(_ response: ResponseWrite, watcher: CacheWatcher? = nil) -> WriteOutcome {
        var response = response
        noteQuery(response.queryKey)
        var source = refreshableSource(for: response)
        if case .tape = response.data { counters.recordedTapes += 1 }
        if case .body(let body) = response.data {
            var bytes: [UInt8]?
            if let candidate = source {
                if candidate.hasBody(body) {
                    // The same body again: not even read.
                    if let unchanged = writeUnchanged(response, from: candidate, watcher: watcher) {
                        return unchanged
                    }
                    source = nil
                } else {
                    // (Its bytes, copied once: the patched answer's source keeps them.)
                    let copied = [UInt8](body)
                    bytes = copied
                    if let patch = candidate.patch(body: copied) {
                        // The same body but for leaves' values, compared in place: those fields merged, no tape made.
                        if let patched = writePatched(response, from: candidate, patch: patch, watcher: watcher) {
                            return patched
                        }
                        source = nil
                    }
                }
            }
            guard let data = ResponseData.taped(bytes ?? [UInt8](body)) else { return WriteOutcome() }
            response.data = data
        }
        if let source, case .tape(let tape, let data) = response.data {
            // The same `data` in another body (its `extensions` differ).
            if source.hasData(tape.text(of: data)) {
                if let unchanged = writeUnchanged(response, from: source, watcher: watcher) { return unchanged }
            } else if let patch = source.patch(tape: tape, data: data),
                let patched = writePatched(response, from: source, patch: patch, watcher: watcher)
            {
                // Only leaves' values differ: those fields merged.
                return patched
            }
        }
        var outcome = WriteOutcome()
        var normalizer = CacheNormalizer(
            metadata: response.metadata, variables: response.variables, receivedAt: receipt(of: response),
            serverMaxAge: response.serverMaxAge, defaultMaxAge: maxAge, mustRevalidate: response.mustRevalidate)
        // Its leaves, for the next answer of the query to be patched (a store whose answers are refreshed).
        normalizer.recordsLeaves = refreshesAnswers(response)
        // The objects of the query's previous answer whose text this one has again: taken as they were written.
        if case .tape = response.data, response.rootKey == CacheKey.queryRoot,
            let previous = source ?? response.queryKey.flatMap(memo.source(of:))
        {
            normalizer.previous = previous.previousAnswer(
                serverMaxAge: response.serverMaxAge, mustRevalidate: response.mustRevalidate)
        }
        switch response.data {
        case .tree(let data):
            normalizer.normalize(data: data, errors: response.errors, rootKey: response.rootKey)
        case .tape(let tape, let data):
            normalizer.normalize(tape: tape, data: data, rootKey: response.rootKey)
        case .body:
            // Resolved above.
            return outcome
        }
        outcome.errorNulls = normalizer.errorNulls
        counters.reusedObjects += normalizer.reusedObjects
        // The pages of paginated fields, moved to their lists (a step of its own: see `CacheListMergeStep`).
        let moved = movingPages(of: response, normalizedBy: normalizer)
        var incoming = moved.writes
        let lists = moved.lists
        let dependencies = moved.dependencies
        outcome.dependencies = dependencies
        if let watcher { watchers.setDependencies(dependencies, of: watcher.id) }
        guard normalizer.isWritable else {
            // The server applied what it answered, but the answer cannot be placed in the records: what they hold
            // for it is no longer fresh.
            outcome.wasUnwritable = true
            markStale(carriedBy: response, sparing: watcher)
            return outcome
        }
        // Fields an unwritten answer newer than this one gave another value while the store held none: written stale.
        let staledByMarks = response.startedAt.map { unwrittenMarks.makeStale(&incoming, startedAt: $0) } ?? false
        // A whole query answer is kept as the query's response in the same transaction (unless overtaken).
        var save: ResponseSave?
        // (Not one with a page of a list: a read of the query gives the whole list, which is not the answer.)
        if normalizer.errorNulls.isEmpty, !staledByMarks, lists == nil, let queryKey = response.queryKey,
            response.rootKey == CacheKey.queryRoot
        {
            save = responseSave(response, queryKey: queryKey, normalizer: normalizer)
        }
        let merged: StoreMerge
        do throws(GraphQLCacheError) {
            // Read and written in one transaction, field by field: a field changed since the request started (by any
            // process) keeps its newer value; after a clear made since (a sign-out), nothing is written.
            merged = try store.merge(
                incoming, startedAt: response.startedAt, order: answerOrder(for: response),
                response: save, lists: lists ?? [:])
            noteWrite(merged, of: response)
        } catch {
            // What the store still holds for these records is older than this answer: stale until written again.
            unreliableKeys.formUnion(incoming.keys)
            report(error)
            invalidate(Set(incoming.keys), signalling: [])
            return outcome
        }
        if merged.cleared || merged.overtaken || staledByMarks {
            outcome.wasOvertaken = true
            counters.overtakenAnswers += 1
            // A watcher's answer is older than what the cache holds: it reads the newer values.
            if !merged.cleared { watcher?.signal() }
        }
        if merged.cleared { return outcome }
        outcome.mergedLists = lists != nil
        let changed = merged.changed
        outcome.changedValues = merged.valueChanged
        if !unreliableKeys.isEmpty { unreliableKeys.subtract(incoming.keys) }
        counters.recordsWritten += changed.count
        if !outcome.changedValues.isEmpty { syncGeneration() }
        outcome.isComplete = !outcome.wasOvertaken && normalizer.errorNulls.isEmpty
        // This query's own memoized result is replaced below (see `keep`), not forgotten and filed again.
        let replaced =
            outcome.isComplete && response.rootKey == CacheKey.queryRoot && response.result != nil
                && optimisticLayers.isEmpty && lists == nil ? response.queryKey : nil
        // Memoized results and watchers follow values and shortened lifetimes: a record only received again (same
        // values, a later receivedAt, lifetimes no shorter, no new must-revalidate) re-reads neither; the results that
        // read it keep their earlier expiry (stale early, never late), and this query's result gets its new one below.
        // A lifetime that may end sooner (shorter, or received earlier: a larger `Age`) counts as a change: a result
        // read before could be fresh for too long.
        if !outcome.changedValues.isEmpty { invalidate(outcome.changedValues, replacing: replaced) }

        if outcome.isComplete, lists == nil, let queryKey = response.queryKey, response.rootKey == CacheKey.queryRoot {
            keep(response, queryKey: queryKey, normalizer: normalizer, saved: merged.savedResponse)
        }
        trimIfNeeded(keeping: changed)
        return outcome
    }

    /// `normalizer`'s writes (of `response`'s data) with the pages of lists moved to their lists (``CacheListMergeStep``),
    /// where each goes (`nil`: no page of a list), and the records the answer is made of.
    func movingPages(of response: ResponseWrite, normalizedBy normalizer: CacheNormalizer) -> (
        writes: [String: CacheRecordWrite], lists: CacheListMerges?, dependencies: Set<String>
    ) {
        var writes = normalizer.writes
        var dependencies = normalizer.dependencies
        let lists = CacheListMergeStep(
            metadata: response.metadata, variables: response.variables,
            firstPagesReplace: response.firstPagesReplace
        ).apply(
            to: &writes, dependencies: &dependencies, rootKey: response.rootKey,
            unkeptRootValues: normalizer.unkeptRootValues, unkeptWrites: normalizer.unkeptWrites)
        return (writes, lists, dependencies)
    }

    /// Keeps a whole query answer: its decoded result in the memo and, in a persistent store, its response (the
    /// server's `data` as the records now hold it), both with the records it is made of.
    private func keep(_ response: ResponseWrite, queryKey: String, normalizer: CacheNormalizer, saved: Bool) {
        // Normalized: its next answer's decoder records a tape (most answers that are normalized are followed by more).
        noteAnswer(ofQuery: queryKey, refreshed: false)
        if let result = response.result, optimisticLayers.isEmpty {
            var source: AnswerSource?
            if case .tape(let tape, let data) = response.data {
                source = AnswerSource(
                    tape: tape, data: data, serverMaxAge: response.serverMaxAge,
                    mustRevalidate: response.mustRevalidate, normalizer: normalizer)
            }
            memo.refresh(
                result, dependencies: normalizer.dependencies, earliestExpiry: normalizer.earliestExpiry,
                revalidates: response.mustRevalidate, for: queryKey, source: source)
        }
        guard !saved, let save = responseSave(response, queryKey: queryKey, normalizer: normalizer) else { return }
        do throws(GraphQLCacheError) {
            try store.saveResponse(
                forQuery: save.query, body: save.body, dependencies: save.dependencies, expiry: save.expiry,
                latestReceipt: save.latestReceipt, revalidates: save.revalidates, defaultMaxAge: save.defaultMaxAge,
                version: try store.writeVersion())
        } catch {
            report(error)
        }
    }

    /// A query answer's response as a store that keeps responses saves it (the server's `data` as the records hold it
    /// once it is written); `nil` when none is kept (the memory store, an optimistic layer, `storesResponses` off).
    private func responseSave(_ response: ResponseWrite, queryKey: String, normalizer: CacheNormalizer)
        -> ResponseSave?
    {
        guard storesResponses, store.keepsResponses, optimisticLayers.isEmpty else { return nil }
        var body: [UInt8] = []
        body.reserveCapacity(2048)
        body.append(contentsOf: #"{"data":"#.utf8)
        switch response.data {
        case .tree(let data): JSONValue.object(data).writeJSONText(to: &body)
        // The server's text of it, as sent.
        case .tape(let tape, let data): body.append(contentsOf: tape.text(of: data))
        // (Resolved at the start of `write`.)
        case .body: return nil
        }
        body.append(UInt8(ascii: "}"))
        return ResponseSave(
            query: queryKey, body: body, dependencies: normalizer.dependencies, expiry: normalizer.earliestExpiry,
            latestReceipt: normalizer.receivedAt, revalidates: response.mustRevalidate,
            defaultMaxAge: maxAge.timeInterval)
    }

    /// Whether `response` is a query's answer whose source the memo may keep (``AnswerSource``): a store that
    /// refreshes its records (memory), a decoded result, no optimistic layer.
    private func refreshesAnswers(_ response: ResponseWrite) -> Bool {
        response.queryKey != nil && response.result != nil && response.rootKey == CacheKey.queryRoot
            && optimisticLayers.isEmpty && !isShared && !(storesResponses && store.keepsResponses)
    }

    /// The ``AnswerSource`` of `response`'s query when its answer may be written by refreshing its records (a query's
    /// complete answer, nothing changed since its request started, no optimistic layer, a store that refreshes, the
    /// same `Cache-Control`); whether the answer is the same is for the caller to compare.
    private func refreshableSource(for response: ResponseWrite) -> AnswerSource? {
        guard let queryKey = response.queryKey, response.result != nil, let start = response.startedAt,
            response.rootKey == CacheKey.queryRoot, optimisticLayers.isEmpty, unreliableKeys.isEmpty,
            !(storesResponses && store.keepsResponses),
            // Nothing changed since the request started (nor was it cleared): the answer is not older than a write,
            // nor than an answer that was not written.
            !isShared, generation.current <= start, !unwrittenMarks.apply(toStart: start),
            let source = memo.source(of: queryKey), source.serverMaxAge == response.serverMaxAge,
            source.mustRevalidate == response.mustRevalidate
        else { return nil }
        return source
    }

    /// Writes a query's answer equal to the one its memoized result was decoded from (`source`, from
    /// ``refreshableSource(for:)``): its records hold those values still, so only its fields' received times and
    /// lifetimes are set, and the memoized result is the new one. `nil` (nothing done, or some receipts set) when the
    /// records cannot be refreshed that way (an answer older than the one they hold, by its `Age` or request time, would
    /// end lifetimes that other results count on sooner): the caller normalizes and merges it.
    private func writeUnchanged(_ response: ResponseWrite, from source: AnswerSource, watcher: CacheWatcher?)
        -> WriteOutcome?
    {
        guard let queryKey = response.queryKey, let result = response.result else { return nil }
        let receivedAt = receipt(of: response)
        // (The memo keeps the source with its refresh plan from the first refresh on: `AnswerSource/planned()`.)
        guard store.refreshFields(of: source, receivedAt: receivedAt),
            memo.renew(
                result, earliestExpiry: receivedAt.addingTimeInterval(source.earliestLifetime), for: queryKey,
                source: source.planned())
        else { return nil }
        counters.recordsWritten += source.writes.count
        counters.unchangedAnswers += 1
        noteAnswer(ofQuery: queryKey, refreshed: true)
        var outcome = WriteOutcome()
        outcome.dependencies = source.dependencies
        outcome.isComplete = true
        if let watcher { watchers.setDependencies(outcome.dependencies, of: watcher.id) }
        trimIfNeeded(keeping: source.records)
        return outcome
    }

    /// Writes a query's answer that differs from the one its memoized result was decoded from (`source`, from
    /// ``refreshableSource(for:)``) only in the values of leaves (``AnswerSource/patch(tape:data:)``, ``AnswerSource/patch(body:)``): the records hold
    /// that answer's values still, so its fields' received times and lifetimes are set as for an unchanged answer, and
    /// the changed fields alone are merged (new values, new versions: memoized results that read them are forgotten and
    /// their watchers signalled, as by any merge). The memoized result becomes the new one, with the new answer as its
    /// source. `nil` (nothing done, or some receipts set) when the answer differs otherwise or the records cannot be
    /// refreshed: the caller normalizes and merges it.
    private func writePatched(
        _ response: ResponseWrite, from source: AnswerSource,
        patch: (changes: [AnswerSource.LeafChange], source: AnswerSource), watcher: CacheWatcher?
    ) -> WriteOutcome? {
        guard let queryKey = response.queryKey, let result = response.result else { return nil }
        let (changes, patched) = patch
        let receivedAt = receipt(of: response)
        guard store.refreshFields(of: source, receivedAt: receivedAt) else { return nil }
        var incoming: [String: CacheRecordWrite] = [:]
        for change in changes {
            incoming[change.leaf.record, default: []].append(
                CacheFieldWrite(
                    name: change.leaf.field,
                    entry: CacheFieldEntry(
                        value: change.value, receivedAt: receivedAt, maxAge: change.leaf.maxAge,
                        mustRevalidate: source.mustRevalidate)))
        }
        var outcome = WriteOutcome()
        outcome.dependencies = source.dependencies
        if let watcher { watchers.setDependencies(outcome.dependencies, of: watcher.id) }
        let merged: StoreMerge
        do throws(GraphQLCacheError) {
            merged = try store.merge(
                incoming, startedAt: response.startedAt, order: answerOrder(for: response),
                response: nil, lists: [:])
            noteWrite(merged, of: response)
        } catch {
            unreliableKeys.formUnion(incoming.keys)
            report(error)
            invalidate(Set(incoming.keys), signalling: [])
            return outcome
        }
        if merged.cleared || merged.overtaken {
            outcome.wasOvertaken = true
            counters.overtakenAnswers += 1
            if !merged.cleared { watcher?.signal() }
        }
        if merged.cleared { return outcome }
        outcome.changedValues = merged.valueChanged
        counters.recordsWritten += source.writes.count
        counters.patchedAnswers += 1
        if !outcome.changedValues.isEmpty { syncGeneration() }
        outcome.isComplete = !outcome.wasOvertaken
        let replaced = outcome.isComplete ? queryKey : nil
        if !outcome.changedValues.isEmpty { invalidate(outcome.changedValues, replacing: replaced) }
        if outcome.isComplete {
            memo.refresh(
                result, dependencies: outcome.dependencies,
                earliestExpiry: receivedAt.addingTimeInterval(source.earliestLifetime),
                revalidates: response.mustRevalidate, for: queryKey, source: patched)
            noteAnswer(ofQuery: queryKey, refreshed: true)
        }
        trimIfNeeded(keeping: source.records)
        return outcome
    }

    /// When `response` was generated, on the cache's clock: its ``ResponseWrite/receivedAt`` (its request's time less
    /// the server's `Age`), never later than now; now when it has none.
    func receipt(of response: ResponseWrite) -> Date {
        let now = currentTime()
        guard let receivedAt = response.receivedAt else { return now }
        return min(receivedAt, now)
    }

    /// The order of `response` against the versions this cache's answers wrote since its request started
    /// (``AnswerOrder``): those of requests sent before it are unordered (answered after it was sent, so which of the
    /// two the server computed last is not known), those of requests sent after it ordered (newer); any other writer
    /// that started at the same version (another process's answer) is of unknown order. When writes since its request
    /// started were dropped from ``ownWrites`` (a request in flight while more than ``ownWriteLimit`` / 2 answers
    /// landed), every version up to the last one dropped is taken as unordered: stale early, never fresh late.
    func answerOrder(for response: ResponseWrite) -> AnswerOrder {
        guard let start = response.startedAt, let sent = response.sentSequence, !ownWrites.isEmpty else {
            return .unknown
        }
        var order = AnswerOrder()
        if start < forgottenWritesThrough {
            order.unordered.reserveCapacity(Int(clamping: forgottenWritesThrough - start))
            for version in (start + 1)...forgottenWritesThrough { order.unordered.insert(version) }
        }
        // (Newest first: the writes are kept in the order of their versions, so those since `start` are the last.)
        for write in ownWrites.reversed() {
            guard write.version > start else { break }
            if write.sequence < sent {
                order.unordered.insert(write.version)
            } else if write.sequence > sent {
                order.ordered.insert(write.version)
            }
        }
        return order
    }

    /// Keeps the version `merged` wrote for an answer to a request the cache's clients sent (the last
    /// ``ownWriteLimit`` of them): ``answerOrder(for:)``.
    func noteWrite(_ merged: StoreMerge, of response: ResponseWrite) {
        guard let sent = response.sentSequence, !merged.valueChanged.isEmpty else { return }
        // In the order of their versions (each merge's is newer than the last; kept so whatever the store does).
        let place = ownWrites.lastIndex { $0.version <= merged.version }.map { $0 + 1 } ?? 0
        ownWrites.insert((merged.version, sent), at: place)
        if ownWrites.count > Self.ownWriteLimit {
            let dropped = ownWrites.count - Self.ownWriteLimit / 2
            for write in ownWrites.prefix(dropped) {
                forgottenWritesThrough = max(forgottenWritesThrough, write.version)
            }
            ownWrites.removeFirst(dropped)
        }
    }

    /// How many of its own answers' writes the cache keeps (``noteWrite(_:of:)``).
    static let ownWriteLimit = 256

    /// Trims the store to 90% of ``byteLimit`` when it is over it. The records of the results served since the last
    /// trim from the memo or a stored response (which read no record) are marked as used first, as of now, then the
    /// records just `written` (asked for only then): a query read often keeps its records, and a response just
    /// received is not the first to go. The records live watchers depend on are never removed: when they alone exceed
    /// the limit, it is reported.
    func trimIfNeeded(keeping written: @autoclosure () -> [String]) {
        // A persistent store trims in the write's own transaction (``SQLiteCacheStore/trimRule``): what it removed
        // is forgotten here. Not newer data: an answer in flight may write them again.
        let trimmed = store.takeTrimmedKeys()
        if !trimmed.isEmpty { invalidate(Set(trimmed)) }
        do throws(GraphQLCacheError) {
            guard try store.byteCount() > byteLimit else {
                limitExceededByWatchers = false
                return
            }
            try store.markUsed(memo.takeUsedRecordKeys() + takeDirectReadUses() + written())
            let watched = watchers.watchedKeys
            let removed = try store.trim(toBytes: byteLimit / 10 * 9, sparing: watched)
            // Not newer data: an answer in flight may write them again.
            invalidate(Set(removed))
            let remaining = try store.byteCount()
            if remaining > byteLimit {
                if !limitExceededByWatchers {
                    limitExceededByWatchers = true
                    report(
                        GraphQLCacheError(
                            kind: .write,
                            message:
                                "the byte limit (\(byteLimit)) is exceeded (\(remaining) bytes) by the records of live "
                                + "watchers, which are kept while they are watched"))
                }
            } else {
                limitExceededByWatchers = false
            }
        } catch {
            report(error)
        }
    }
}
