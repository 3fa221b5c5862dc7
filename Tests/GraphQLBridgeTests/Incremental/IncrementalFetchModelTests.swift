import Foundation
import GraphQLBridgeSupport
import Testing

@testable import GraphQLBridge

/// `IncrementalQueryFetch`, the reading of an incrementally delivered answer as it arrives, over seeded random
/// cases (``IncrementalMergeModelTests``' generator: a random response cut into deferred fragments and streamed lists,
/// in both formats), its `multipart/mixed` body handed over by a streaming transport in pieces cut at random bytes,
/// and, in some cases, the reading cancelled after a random number of states.
///
/// The invariants: one state per payload, in order, each the merge of the payloads so far (the data, the errors), only
/// the last one final and equal to the whole response; what a state before the last gives the cache holds no list
/// cut short (each list in it is the whole response's, item for item, but for deferred fields still absent) and
/// nothing the response does not hold; in Apollo's 2022 format an answer with `@stream` gives the cache nothing before
/// it is complete; a cancelled reading gives nothing more and closes the response. A failure prints its seed and is
/// shrunk (deferred fragments and streams removed while it still fails); `INCREMENTAL_FETCH_SEED=N` replays one,
/// `INCREMENTAL_FETCH_CASES` sets how many (default 150).
@Suite("Incremental delivery: reading the answer as it arrives, against the merge")
struct IncrementalFetchModelTests {
    typealias Model = IncrementalMergeModelTests

    struct Deferring: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "Deferring"
        static let document = "query Deferring { a ... @defer { b } }"
    }

    struct Streaming: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "Streaming"
        static let document = "query Streaming { a @stream { b } ... @defer { c } }"
    }

    /// Hands over one body in the given pieces, then ends it; records whether the response was cancelled.
    final class PiecesTransport: GraphQLTransport, GraphQLStreamingTransport, Sendable {
        let pieces: [Data]
        let cancelled = Locked(false)
        let requests = Locked(0)

        init(pieces: [Data]) { self.pieces = pieces }

        func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
            throw TransportError(.other, "this transport only streams")
        }

        func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws
            -> GraphQLStreamingResponse
        {
            requests.withLock { $0 += 1 }
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
            var head = HTTPResponse(status: 200)
            head.headers["Content-Type"] = "multipart/mixed; boundary=\"-\"; incrementalSpec=v0.2"
            let cancelled = self.cancelled
            return GraphQLStreamingResponse(head: head, body: stream) { cancelled.withLock { $0 = true } }
        }
    }

    /// Whether `partial` is `whole` with some object members absent: every list of the same length.
    static func fits(_ partial: GraphQLBridge.JSONValue, _ whole: GraphQLBridge.JSONValue) -> Bool {
        switch (partial, whole) {
        case (.object(let some), .object(let all)):
            return some.allSatisfy { key, value in all[key].map { fits(value, $0) } ?? false }
        case (.array(let some), .array(let all)):
            return some.count == all.count && zip(some, all).allSatisfy { fits($0, $1) }
        default:
            return partial == whole
        }
    }

    static func failure(_ test: Model.Case, current: Bool) async -> String? {
        var random = Model.Random(state: test.seed ^ (current ? 0xC0FFEE : 0xA9011))
        let events = Model.events(test, current: current, &random)
        let payloads = Model.payloads(test, events: events, current: current, &random)
        var body = Data("\r\n".utf8)
        for payload in payloads {
            body.append(Data("---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8))
            body.append(Data(payload.jsonText.utf8))
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("-----\r\n".utf8))
        var pieces: [Data] = []
        var offset = 0
        while offset < body.count {
            let size = 1 + random.below(random.chance(50) ? 16 : 256)
            pieces.append(body.subdata(in: offset..<min(body.count, offset + size)))
            offset = min(body.count, offset + size)
        }
        let cancelAfter: Int? = random.chance(25) ? 1 + random.below(payloads.count) : nil
        let transport = PiecesTransport(pieces: pieces)
        guard let endpoint = URL(string: "http://127.0.0.1:1/graphql") else { return "no URL" }
        let client = GraphQLHTTPClient(endpoint: endpoint, transport: transport)
        let streams = !test.streamed.isEmpty
        let states: [GraphQLBridge.JSONValue?]
        do {
            if streams {
                states = try await read(
                    IncrementalQueryFetch(client: client, operation: Streaming(), errorPolicy: .returnPartialData),
                    payloads: payloads, cancelAfter: cancelAfter, whole: test.whole, current: current, streams: true)
            } else {
                states = try await read(
                    IncrementalQueryFetch(client: client, operation: Deferring(), errorPolicy: .returnPartialData),
                    payloads: payloads, cancelAfter: cancelAfter, whole: test.whole, current: current, streams: false)
            }
        } catch let problem as Problem {
            return problem.text
        } catch {
            return "the reading failed: \(error)"
        }
        guard transport.requests.value == 1 else { return "\(transport.requests.value) requests" }
        var merger = IncrementalResultMerger()
        let expectedCount = cancelAfter.map { min($0, payloads.count) } ?? payloads.count
        guard states.count == expectedCount else { return "\(states.count) states, \(expectedCount) expected" }
        for (index, state) in states.enumerated() {
            do {
                try merger.apply(payloads[index])
            } catch {
                return "payload \(index + 1) refused by the reference merge: \(error)"
            }
            guard state == merger.data else {
                return "state \(index + 1): \(state?.jsonText ?? "nil")\nmerged: \(merger.data?.jsonText ?? "nil")"
            }
        }
        if cancelAfter != nil, states.count < payloads.count, !transport.cancelled.value {
            return "cancelled after \(states.count) states, but the response was not closed"
        }
        if cancelAfter == nil, states.last ?? nil != test.whole { return "the last state is not the whole response" }
        return nil
    }

    struct Problem: Error { var text: String }

    /// The states' data, checking each state's errors (the payloads' so far), its finality and what it gives the cache.
    static func read<Operation: GraphQLOperation>(
        _ fetch: IncrementalQueryFetch<Operation>, payloads: [GraphQLBridge.JSONValue], cancelAfter: Int?,
        whole: GraphQLBridge.JSONValue, current: Bool, streams: Bool
    ) async throws -> [GraphQLBridge.JSONValue?] where Operation.Data == GraphQLBridge.JSONValue {
        var states: [GraphQLBridge.JSONValue?] = []
        var merger = IncrementalResultMerger()
        while let state = try await fetch.next() {
            states.append(state.fetched.result.data)
            try merger.apply(payloads[states.count - 1])
            guard state.fetched.result.errors.count == merger.errors.count else {
                throw Problem(
                    text:
                        "state \(states.count): \(state.fetched.result.errors.count) errors, \(merger.errors.count) sent"
                )
            }
            if state.isFinal {
                guard state.cacheable == nil else { throw Problem(text: "the final state gives the cache a part") }
                if try await fetch.next() != nil { throw Problem(text: "a state after the final one") }
                break
            }
            if let cacheable = state.cacheable {
                if streams, !current { throw Problem(text: "Apollo's format, @stream: a part given to the cache") }
                let written = try JSONValue(parsing: cacheable.body)
                guard let data = written["data"], fits(data, whole) else {
                    throw Problem(
                        text: "state \(states.count) gives the cache what the response does not hold as such:\n"
                            + written.jsonText)
                }
            } else if !(streams && !current) {
                throw Problem(text: "state \(states.count) gives the cache nothing")
            }
            if let cancelAfter, states.count >= cancelAfter {
                fetch.cancel()
                if try await fetch.next() != nil { throw Problem(text: "a state after cancel()") }
                break
            }
        }
        return states
    }

    static func shrink(_ test: Model.Case, current: Bool) async -> Model.Case {
        var smallest = test
        var changed = true
        while changed {
            changed = false
            for index in smallest.deferred.indices.reversed() {
                var smaller = smallest
                smaller.deferred.remove(at: index)
                if await failure(smaller, current: current) != nil {
                    smallest = smaller
                    changed = true
                    break
                }
            }
            for index in smallest.streamed.indices.reversed() where !changed {
                var smaller = smallest
                smaller.streamed.remove(at: index)
                if await failure(smaller, current: current) != nil {
                    smallest = smaller
                    changed = true
                    break
                }
            }
        }
        return smallest
    }

    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["INCREMENTAL_FETCH_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["INCREMENTAL_FETCH_CASES"].flatMap(Int.init) ?? 150
        return (0..<UInt64(count)).map { $0 &* 7919 &+ 3 }
    }

    @Test("random cases, both formats: a state per payload, each the merge so far, the cache given no cut list")
    func randomCases() async {
        var failures = 0
        for seed in Self.seeds {
            let test = Model.generate(seed: seed)
            for current in [true, false] {
                guard let problem = await Self.failure(test, current: current) else { continue }
                failures += 1
                let small = await Self.shrink(test, current: current)
                let format = current ? "current" : "Apollo 2022"
                let report =
                    "INCREMENTAL_FETCH_SEED=\(seed) (\(format) format): \(problem)\n"
                    + "shrunk: \(small) -> \(await Self.failure(small, current: current) ?? "")"
                Issue.record(Comment(rawValue: report))
                if failures >= 3 { return }
            }
        }
    }
}
