import GraphQLBridgeSupport

/// The runtime tests' one wait: polls `condition` until it holds. Its bound is ``HangDetector``'s (minutes): only a
/// hang detector, whose error names `what` the test waited for; a test never passes because time went by, and never
/// asserts that something happened quickly. `interval` is how often it looks.
package func waitUntil(
    _ what: String, interval: Duration = .milliseconds(5), _ condition: @Sendable () async throws -> Bool
) async throws {
    try await HangDetector.waitUntil(what, interval: interval, condition)
}
