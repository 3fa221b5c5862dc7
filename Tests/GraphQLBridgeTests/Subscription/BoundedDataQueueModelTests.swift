import Foundation
import GraphQLBridgeSupport
import RuntimeTestSupport
import Testing

@testable import GraphQLBridge

/// `BoundedDataQueue` (the unread bytes of an HTTP stream's body and of a WebSocket subscription's events) against a
/// reference model, over seeded random sequences of steps: the producer's pieces of random sizes (some larger than
/// the limit), the consumer's reads (some of which must wait), the end, a failure, the consumer going away
/// (`cancel()`) and the consuming task cancelled while it waits.
///
/// The invariant, checked after every step: the bytes delivered are the bytes pushed and accepted, in order; the
/// queue never holds more than its limit (or one piece alone); the typed overflow error comes exactly when a piece
/// would take it past the limit, and then the producer is told once; the pause and resume requests are the model's;
/// a read that waits is woken by the next piece, the end, the failure or the cancellation (no lost wakeup: a read
/// the model says is answered must be answered; the hang detector is minutes long). A failing seed prints itself and
/// its sequence shrunk (steps removed while it still fails); `BOUNDED_QUEUE_SEED=N` replays one.
@Suite("BoundedDataQueue against a reference model")
struct BoundedDataQueueModelTests {
    enum Step: Hashable, CustomStringConvertible {
        case push(Int)
        case read
        case finish
        case fail
        case cancel
        case cancelReader

        var description: String {
            switch self {
            case .push(let count): return ".push(\(count))"
            case .read: return ".read"
            case .finish: return ".finish"
            case .fail: return ".fail"
            case .cancel: return ".cancel"
            case .cancelReader: return ".cancelReader"
            }
        }
    }

    struct Overflow: Error, Equatable {}
    struct ServerFailed: Error, Equatable {}

    /// What a read gave.
    enum Read: Equatable, CustomStringConvertible {
        case piece([UInt8])
        case end
        case overflow
        case failed

        var description: String {
            switch self {
            case .piece(let bytes): return "piece(\(bytes.count) B from \(bytes.first.map(String.init) ?? "-"))"
            case .end: return "end"
            case .overflow: return "overflow error"
            case .failed: return "failure"
            }
        }
    }

    /// The reference: a FIFO of pieces and a count, in a few lines.
    struct Model {
        enum End: Equatable { case finished, overflowed, failed }
        let limit: Int
        let pauseAt: Int?
        var pieces: [[UInt8]] = []
        var held = 0
        var end: End?
        var paused = false
        var pauses = 0
        var resumes = 0
        var overflows = 0
        var readerCancellations = 0
        /// A read is waiting.
        var waiting = false

        /// A piece pushed: given to the waiting read, held, or the overflow. Returns what the waiting read gets.
        mutating func push(_ bytes: [UInt8]) -> (BoundedDataQueue.PushResult, Read?) {
            guard end == nil else { return (.ended, nil) }
            if waiting {
                waiting = false
                return (.accepted, .piece(bytes))
            }
            if held > 0, held + bytes.count > limit {
                pieces = []
                held = 0
                end = .overflowed
                overflows += 1
                return (.overflowed, nil)
            }
            pieces.append(bytes)
            held += bytes.count
            if let pauseAt, !paused, held >= pauseAt {
                paused = true
                pauses += 1
            }
            return (.accepted, nil)
        }

        /// A read: what it gives now, or `nil` when it waits.
        mutating func read() -> Read? {
            if !pieces.isEmpty {
                let piece = pieces.removeFirst()
                held -= piece.count
                if let pauseAt, paused, held <= pauseAt / 2 {
                    paused = false
                    resumes += 1
                }
                return .piece(piece)
            }
            switch end {
            case .finished: return .end
            case .overflowed: return .overflow
            case .failed: return .failed
            case nil:
                waiting = true
                return nil
            }
        }

        /// `finish()` or `finish(throwing:)`: what the waiting read gets.
        mutating func finish(failed: Bool) -> Read? {
            guard end == nil else { return nil }
            end = failed ? .failed : .finished
            guard waiting, pieces.isEmpty else { return nil }
            waiting = false
            return failed ? .failed : .end
        }

        /// `cancel()`: the consumer is gone.
        mutating func cancel() -> Read? {
            pieces = []
            held = 0
            if end == nil { end = .finished }
            guard waiting else { return nil }
            waiting = false
            return .end
        }

        /// The waiting read's task is cancelled: it ends (nil) and the producer is told.
        mutating func cancelReader() -> Read? {
            guard waiting else { return nil }
            waiting = false
            readerCancellations += 1
            return .end
        }
    }

    /// Counts the queue's calls to the producer.
    final class Calls: Sendable {
        private let counts = Locked([String: Int]())
        func record(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
        subscript(name: String) -> Int { counts.withLock { $0[name, default: 0] } }
    }

    static func read(_ queue: BoundedDataQueue) async -> Read {
        do {
            guard let data = try await queue.next() else { return .end }
            return .piece(Array(data))
        } catch is Overflow {
            return .overflow
        } catch {
            return .failed
        }
    }

    /// Runs `steps` against a fresh queue and the model; the first divergence, or `nil`.
    static func divergence(_ steps: [Step], limit: Int, pauseAt: Int?) async -> String? {
        let calls = Calls()
        let queue = BoundedDataQueue(
            limit: limit, pauseAt: pauseAt, overflowError: { Overflow() }, onPause: { calls.record("pause") },
            onResume: { calls.record("resume") }, onOverflow: { calls.record("overflow") },
            onConsumerCancelled: { calls.record("consumerCancelled") })
        var model = Model(limit: limit, pauseAt: pauseAt)
        var waiting: Task<Read, Never>?
        var next: UInt8 = 0
        var largest = 0
        for (index, step) in steps.enumerated() {
            let at = "step \(index) \(step)"
            // What a waiting read must now be given (nil: still waiting).
            var answered: Read?
            switch step {
            case .push(let count):
                let bytes = (0..<count).map { offset in next &+ UInt8(truncatingIfNeeded: offset) }
                next &+= UInt8(truncatingIfNeeded: count)
                largest = max(largest, count)
                let (expected, toReader) = model.push(bytes)
                let result = queue.push(Data(bytes))
                if result != expected { return "\(at): push gave \(result), the model \(expected)" }
                answered = toReader
            case .read:
                guard waiting == nil else { continue }
                if let expected = model.read() {
                    let got = await read(queue)
                    if got != expected { return "\(at): read gave \(got), the model \(expected)" }
                } else {
                    let task = Task { await read(queue) }
                    waiting = task
                    // The read must wait (and not answer): it registers before the next step.
                    do {
                        try await waitUntil("the read to wait", interval: .milliseconds(1)) {
                            queue.hasWaiter
                        }
                    } catch {
                        return "\(at): the read did not wait (the model has nothing for it)"
                    }
                }
            case .finish:
                answered = model.finish(failed: false)
                queue.finish()
            case .fail:
                answered = model.finish(failed: true)
                queue.finish(throwing: ServerFailed())
            case .cancel:
                answered = model.cancel()
                queue.cancel()
            case .cancelReader:
                answered = model.cancelReader()
                waiting?.cancel()
            }
            if let expected = answered {
                guard let task = waiting else { return "\(at): the model answers a read that is not waiting" }
                // No lost wakeup: the waiting read is answered (the hang detector would end a lost one).
                let got = await task.value
                waiting = nil
                if got != expected { return "\(at): the waiting read gave \(got), the model \(expected)" }
            }
            // The invariant after every step.
            let statistics = queue.statistics
            if statistics.bufferedBytes != model.held {
                return "\(at): the queue holds \(statistics.bufferedBytes) B, the model \(model.held) B"
            }
            if statistics.bufferedBytes > max(limit, largest) {
                return "\(at): \(statistics.bufferedBytes) B held, over the limit \(limit)"
            }
            if statistics.peakBufferedBytes > max(limit, largest) {
                return "\(at): a peak of \(statistics.peakBufferedBytes) B, over the limit \(limit)"
            }
            if statistics.overflowed != (model.overflows > 0) || calls["overflow"] != model.overflows {
                return
                    "\(at): overflow \(statistics.overflowed) (\(calls["overflow"]) calls), the model \(model.overflows)"
            }
            if statistics.paused != model.paused || statistics.pauses != model.pauses || calls["pause"] != model.pauses
                || calls["resume"] != model.resumes
            {
                return "\(at): paused \(statistics.paused), \(calls["pause"]) pauses, \(calls["resume"]) resumes; "
                    + "the model \(model.paused), \(model.pauses), \(model.resumes)"
            }
            if calls["consumerCancelled"] != model.readerCancellations {
                return "\(at): the producer was told of \(calls["consumerCancelled"]) cancelled reads, the model "
                    + "\(model.readerCancellations)"
            }
        }
        if let task = waiting {
            task.cancel()
            _ = await task.value
        }
        return nil
    }

    /// A sequence, its limit and its pause threshold from `seed`.
    static func sequence(seed: UInt64) -> (steps: [Step], limit: Int, pauseAt: Int?) {
        var generator = ReconnectionModelTests.SplitMix64(seed: seed)
        let limit = 8 + Int(generator.next() % 120)
        let pauseAt: Int? = generator.next() % 3 == 0 ? nil : 1 + Int(generator.next() % UInt64(limit))
        let length = 1 + Int(generator.next() % 40)
        var steps: [Step] = []
        for _ in 0..<length {
            switch generator.next() % 20 {
            case 0..<8:
                // Mostly small pieces; sometimes one as large as the limit or larger.
                let size =
                    generator.next() % 6 == 0
                    ? limit + Int(generator.next() % 16) - 8 : 1 + Int(generator.next() % UInt64(max(1, limit / 3)))
                steps.append(.push(max(1, size)))
            case 8..<15: steps.append(.read)
            case 15: steps.append(.finish)
            case 16: steps.append(.fail)
            case 17: steps.append(.cancel)
            default: steps.append(.cancelReader)
            }
        }
        return (steps, limit, pauseAt)
    }

    /// Steps removed, one at a time, while the sequence still fails.
    static func shrink(_ steps: [Step], limit: Int, pauseAt: Int?) async -> [Step] {
        var current = steps
        var improved = true
        while improved {
            improved = false
            for index in current.indices {
                var smaller = current
                smaller.remove(at: index)
                if await divergence(smaller, limit: limit, pauseAt: pauseAt) != nil {
                    current = smaller
                    improved = true
                    break
                }
            }
        }
        return current
    }

    @Test("random interleavings of pieces, reads, the end, failures and cancellations follow the model")
    func randomSequences() async {
        let replay = ProcessInfo.processInfo.environment["BOUNDED_QUEUE_SEED"].flatMap(UInt64.init)
        let base = replay ?? UInt64.random(in: 0..<UInt64.max)
        print("BoundedDataQueueModelTests seed: \(base) (replay with BOUNDED_QUEUE_SEED=\(base))")
        for offset in 0..<(replay == nil ? 400 : 1) {
            let seed = base &+ UInt64(offset)
            let (steps, limit, pauseAt) = Self.sequence(seed: seed)
            guard await Self.divergence(steps, limit: limit, pauseAt: pauseAt) != nil else { continue }
            let shrunk = await Self.shrink(steps, limit: limit, pauseAt: pauseAt)
            let detail = await Self.divergence(shrunk, limit: limit, pauseAt: pauseAt) ?? "(the shrunk sequence passed)"
            let pause = pauseAt.map { String($0) } ?? "nil"
            Issue.record(
                Comment(
                    rawValue: "seed \(seed) (BOUNDED_QUEUE_SEED=\(seed)), limit \(limit), pauseAt \(pause): "
                        + "shrunk \(shrunk): \(detail)"))
            return
        }
    }

    @Test("fixed seeds", arguments: [UInt64(1), 7, 29, 2_026, 0xFEED])
    func fixedSeeds(seed: UInt64) async {
        let (steps, limit, pauseAt) = Self.sequence(seed: seed)
        let detail = await Self.divergence(steps, limit: limit, pauseAt: pauseAt)
        #expect(detail == nil, "seed \(seed): \(detail ?? "")")
    }

    @Test("fixed cases: the limit passed by one byte, one piece larger than the limit, a wakeup by each ending")
    func fixedCases() async {
        let cases: [(String, [Step], Int, Int?)] = [
            ("one byte over", [.push(10), .push(6), .read, .read], 15, nil),
            ("exactly the limit", [.push(10), .push(5), .read, .read, .finish, .read], 15, nil),
            ("one piece larger than the limit", [.push(40), .read, .push(40), .push(1), .read], 15, nil),
            ("pause and resume", [.push(6), .push(6), .read, .read, .push(12), .read], 16, 8),
            ("a waiting read woken by a piece", [.read, .push(3), .read, .push(2)], 15, nil),
            ("a waiting read woken by the end", [.read, .finish, .read], 15, nil),
            ("a waiting read woken by a failure", [.read, .fail, .read], 15, nil),
            ("a waiting read woken by cancel()", [.read, .cancel, .push(1), .read], 15, nil),
            ("a waiting read's task cancelled", [.read, .cancelReader, .push(2), .read], 15, nil),
            ("held pieces read before the failure", [.push(3), .push(3), .fail, .read, .read, .read], 15, nil),
        ]
        for (name, steps, limit, pauseAt) in cases {
            let detail = await Self.divergence(steps, limit: limit, pauseAt: pauseAt)
            #expect(detail == nil, "\(name): \(detail ?? "")")
        }
    }
}
