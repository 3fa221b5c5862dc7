import Dispatch

extension Duration {
    /// The duration in seconds, for Dispatch and `Thread.sleep`.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// Sleeps `duration` ignoring cancellation (a Dispatch timer, not the concurrency pool), as a candidate stuck in
/// code that never checks it.
func uncancellableSleep(_ duration: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + duration.timeInterval) { continuation.resume() }
    }
}
