import GraphQLBridgeSupport

/// Records named events from concurrent closures and lets one closure wait for another's.
actor Probe {
    /// A wait that timed out: the awaited event never happened.
    struct Timeout: Error, CustomStringConvertible {
        let event: String
        var description: String { "timed out waiting for \"\(event)\"" }
    }

    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }

    func count(_ event: String) -> Int {
        events.filter { $0 == event }.count
    }

    func contains(_ event: String) -> Bool {
        events.contains(event)
    }

    /// Waits until `event` has been recorded; throws `Timeout` after `timeout`.
    func wait(for event: String, timeout: Duration = HangDetector.limit) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while !events.contains(event) {
            guard clock.now < deadline else { throw Timeout(event: event) }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
