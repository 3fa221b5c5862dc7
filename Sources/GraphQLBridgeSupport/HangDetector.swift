import Foundation

/// The one bound on a test's wait (`package` access: for this package's tests, not part of any product's API).
///
/// A test that waits for something (a request to arrive, a subscription to open on the server, a watch to change)
/// waits on the event; the bound is only a hang detector, so that a defect ends the test rather than the run. It is
/// minutes long, because a loaded 2-core machine (CI beside another build: load 7 to 12) delays a loopback round
/// trip by seconds, and a test must never fail because time went by. Never use it, or any deadline, to assert that
/// something happened quickly.
package enum HangDetector {
    /// How long a wait may take before the test reports a hang: five minutes.
    package static let limit: Duration = .seconds(300)

    /// `limit` in seconds, for APIs that take a `TimeInterval`.
    package static var seconds: TimeInterval { limit.timeInterval }

    /// Polls `condition` every `interval` until it holds; throws ``HangDetected`` naming `what` after `limit` (a
    /// shorter one only to diagnose a known stall, never as a timing bound).
    package static func waitUntil(
        _ what: String, limit: Duration = limit, interval: Duration = .milliseconds(5),
        _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + limit
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw HangDetected(what: what, after: limit) }
            try await Task.sleep(for: interval)
        }
    }
}

/// A wait that went on for ``HangDetector/limit``: a hang, not a slow machine.
package struct HangDetected: Error, CustomStringConvertible {
    /// What the test was waiting for.
    package let what: String
    /// How long it waited.
    package let limit: Duration

    /// Creates the error for a wait on `what` that lasted `limit`.
    package init(what: String, after limit: Duration = HangDetector.limit) {
        self.what = what
        self.limit = limit
    }

    package var description: String {
        "timed out waiting for \(what) (\(limit) elapsed: a hang detector, not a timing bound)"
    }
}
