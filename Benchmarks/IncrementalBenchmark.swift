import Dispatch
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import LotteryAPI

/// The `incremental` benchmark (issue 32): the lottery's draw screen (`DrawScreen`, its prize categories deferred)
/// watched through `GraphQLHTTPClient` with a memory cache, over an in-memory streaming transport that hands the
/// multipart body's parts over when the benchmark says so. Per round (a draw of its own, so a request each time):
/// (a) the initial payload handed over → the watch's first element (the numbers, `fragments.drawPrizes` nil), and
/// (b) the last increment handed over → the element with the prize categories. The baseline in the same run is the
/// transport's own delivery: the same hand-over (an `AsyncThrowingStream` of the body's pieces) to a bare consumer.
/// What the client adds at p50 is each figure less the baseline's p50 (target ≤ 1 ms for both).
///
/// Correctness first: every round's first element must lack the prize categories and its second hold all of them.
enum IncrementalBenchmark {
    static let rounds = 301

    static func run(options: BenchmarkOptions) -> Int32 {
        print("== incremental ==")
        print(
            "workload: DrawScreen watched (.serverOnly, memory cache), \(rounds) rounds, a draw of its own each; "
                + "the body's parts handed over by the benchmark; latency from a part's hand-over (ms)")
        let outcome = CacheBenchmark.blocking { () async -> Outcome in await measure() }
        if let problem = outcome.problem {
            print("  FAILED: \(problem)")
            return 1
        }
        var table = TextTable(header: ["path", "p50", "p99", "added p50"])
        let base = outcome.baseline.p50
        table.rows.append(["transport's own delivery (baseline)", ms(base), ms(outcome.baseline.p99), "-"])
        table.rows.append([
            "initial payload → first element", ms(outcome.initial.p50), ms(outcome.initial.p99),
            ms(outcome.initial.p50 - base),
        ])
        table.rows.append([
            "last increment → completed element", ms(outcome.completed.p50), ms(outcome.completed.p99),
            ms(outcome.completed.p50 - base),
        ])
        table.lines.forEach { print("  " + $0) }
        let initialAdded = outcome.initial.p50 - base
        let completedAdded = outcome.completed.p50 - base
        let pass = initialAdded <= 1 && completedAdded <= 1
        print(
            "target: each at most 1 ms beyond the transport's delivery at p50: \(pass ? "PASS" : "FAIL") "
                + "(\(ms(initialAdded)) ms, \(ms(completedAdded)) ms)")
        return 0
    }

    static func ms(_ value: Double) -> String { CacheBenchmark.format(value) }

    struct Outcome: Sendable {
        var baseline = RealtimeBenchmark.Percentiles()
        var initial = RealtimeBenchmark.Percentiles()
        var completed = RealtimeBenchmark.Percentiles()
        var problem: String?
    }

    /// The multipart body of `DrawScreen` for draw `number`, in the draft's current format: the initial payload (the
    /// draw's numbers, the prize categories pending) and the increment that completes it.
    static func parts(number: Int) -> (initial: Data, last: Data) {
        let categories = (0..<8).map { index in
            #"{"__typename":"PrizeCategory","matched":\#(6 - index % 6),"bonusMatched":\#(index % 2 == 0),"#
                + #""winners":\#(index * 17 + number % 5),"amount":\#(1_000_000 / (index + 1))}"#
        }
        let draw =
            #"{"__typename":"Draw","id":"6x45-\#(number)","gameId":"6x45","number":\#(number),"#
            + #""date":"2026-12-01T18:00:00Z","status":"COMPLETED","winningNumbers":[3,11,19,24,37,42],"#
            + #""bonusNumbers":[7],"prizePool":150000000,"superPrize":90000000,"ticketsSold":\#(100_000 + number),"#
            + #""videoUrl":null}"#
        let initial =
            "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
            + #"{"data":{"draw":\#(draw)},"pending":[{"id":"0","path":["draw"],"label":"prizes"}],"hasNext":true}"#
            + "\r\n---"
        let last =
            "\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
            + #"{"incremental":[{"id":"0","data":{"prizeCategories":[\#(categories.joined(separator: ","))]}}],"#
            + #""completed":[{"id":"0"}],"hasNext":false}"# + "\r\n-----\r\n"
        return (Data(initial.utf8), Data(last.utf8))
    }

    static func measure() async -> Outcome {
        var outcome = Outcome()
        let transport = PartTransport()
        let client = GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/incremental"), transport: transport,
            cache: GraphQLCache(maxAge: .seconds(3600)))
        let clock = ContinuousClock()
        var baseline: [Double] = []
        var initial: [Double] = []
        var completed: [Double] = []
        // Warm-up rounds first (not counted): the first requests build the operation's cached request parts.
        for round in 0..<(rounds + 20) {
            let number = 1_000 + round
            let (first, last) = parts(number: number)
            // The baseline: the same hand-over to a bare consumer.
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            let received = Locked<ContinuousClock.Instant?>(nil)
            let consumer = Task {
                for try await _ in stream {
                    received.withLock { $0 = clock.now }
                    break
                }
            }
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
            let handedBare = clock.now
            continuation.yield(first)
            _ = try? await consumer.value
            continuation.finish()
            guard let bareAt = received.withLock({ $0 }) else { return failed("the bare consumer got nothing") }

            // The watch: its elements, each with when it arrived.
            let elements = Locked<[(at: ContinuousClock.Instant, data: DrawScreenQuery.Data?)]>([])
            let query = DrawScreenQuery(gameId: "6x45", number: Long(number))
            let watching = Task { () async throws in
                for try await result in client.watch(query, fetchPolicy: .serverOnly) {
                    let count = elements.withLock { list in
                        list.append((clock.now, result.data))
                        return list.count
                    }
                    if result.data?.draw?.fragments.drawPrizes != nil || count >= 2 { break }
                }
            }
            guard let body = await transport.nextRequest() else { return failed("no request was sent") }
            let handedInitial = clock.now
            body.yield(first)
            // The first element arrives before the last part is handed over.
            while elements.withLock({ $0.isEmpty }) {
                if clock.now - handedInitial > .seconds(300) { return failed("round \(round): no first element") }
                try? await Task.sleep(for: .microseconds(20))
            }
            let handedLast = clock.now
            body.yield(last)
            body.finish()
            do {
                try await watching.value
            } catch {
                return failed("round \(round): the watch failed: \(error)")
            }
            let seen = elements.withLock { $0 }
            guard seen.count == 2, let firstData = seen[0].data, let lastData = seen[1].data else {
                return failed("round \(round): \(seen.count) elements, not the initial and the completed one")
            }
            guard firstData.draw?.fragments.drawPrizes == nil, firstData.draw?.number == Long(number) else {
                return failed("round \(round): the first element is not the initial payload's")
            }
            guard lastData.draw?.fragments.drawPrizes?.prizeCategories.count == 8 else {
                return failed("round \(round): the second element lacks the prize categories")
            }
            guard round >= 20 else { continue }
            baseline.append(milliseconds(handedBare, bareAt))
            initial.append(milliseconds(handedInitial, seen[0].at))
            completed.append(milliseconds(handedLast, seen[1].at))
        }
        outcome.baseline = RealtimeBenchmark.Percentiles(baseline)
        outcome.initial = RealtimeBenchmark.Percentiles(initial)
        outcome.completed = RealtimeBenchmark.Percentiles(completed)
        return outcome

        func failed(_ problem: String) -> Outcome {
            var failure = Outcome()
            failure.problem = problem
            return failure
        }
    }

    static func milliseconds(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> Double {
        let duration = end - start
        return Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// A streaming transport whose answers' bodies the benchmark hands over piece by piece: each request gets a
/// `multipart/mixed` head at once and a body stream whose continuation ``nextRequest()`` gives the benchmark.
final class PartTransport: GraphQLTransport, GraphQLStreamingTransport {
    /// The bodies of the requests not taken by ``nextRequest()`` yet.
    private let waiting = Locked<[AsyncThrowingStream<Data, any Error>.Continuation]>([])

    /// The body of the next request sent (waited for; a hang detector of 5 minutes, `nil` then).
    func nextRequest() async -> AsyncThrowingStream<Data, any Error>.Continuation? {
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < .seconds(300) {
            let next = waiting.withLock { list in list.isEmpty ? nil : list.removeFirst() }
            if let next { return next }
            try? await Task.sleep(for: .microseconds(20))
        }
        return nil
    }

    func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        throw CacheBenchmark.Problem("the incremental benchmark's transport streams only")
    }

    func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws -> GraphQLStreamingResponse {
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        waiting.withLock { $0.append(continuation) }
        var head = HTTPResponse(status: 200)
        head.headers["Content-Type"] = #"multipart/mixed; boundary="-"; incrementalSpec=v0.2"#
        return GraphQLStreamingResponse(head: head, body: stream, cancel: { continuation.finish() })
    }
}
