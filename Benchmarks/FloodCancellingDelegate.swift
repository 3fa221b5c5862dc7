import Foundation
import GraphQLBridgeSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// For the `streams` benchmark's baseline: a bare `URLSession` data delegate that counts the body and cancels its
/// task once `limit` bytes have arrived, either from the delegate queue itself (what `URLSessionStreamingTransport`
/// did before issue 29's fix) or from a queue of its own (what it does now). On Linux the first stops the delegate
/// queue until the whole body is read (swift-corelibs-foundation's `cancel()` waits for the session's work queue),
/// so every piece read meanwhile waits in memory.
final class FloodCancellingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let limit: Int
    let cancelOnDelegateQueue: Bool
    private let received = Locked((bytes: 0, cancelled: false))
    private let control = DispatchQueue(label: "Benchmarks.FloodCancellingDelegate.cancel")
    private let completion = Locked((done: false, waiter: CheckedContinuation<Void, Never>?.none))

    init(limit: Int, cancelOnDelegateQueue: Bool) {
        self.limit = limit
        self.cancelOnDelegateQueue = cancelOnDelegateQueue
    }

    var bytesReceived: Int { received.withLock { $0.bytes } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel = received.withLock { received -> Bool in
            received.bytes += data.count
            guard !received.cancelled, received.bytes >= limit else { return false }
            received.cancelled = true
            return true
        }
        guard cancel else { return }
        if cancelOnDelegateQueue {
            dataTask.cancel()
        } else {
            let task: URLSessionTask = dataTask
            control.async { task.cancel() }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let waiter = completion.withLock { state -> CheckedContinuation<Void, Never>? in
            state.done = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns when the task has completed.
    func waitForCompletion() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = completion.withLock { state -> Bool in
                if state.done { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
