import Foundation
import GraphQLBridgeSupport

/// Debian's `chromium`, headless, for the tests that look at a report as a browser renders it.
enum HeadlessChromium {
    /// The browser: `$GRAPHQLBRIDGE_CHROMIUM`, else the first of `chromium`, `chromium-browser`, `google-chrome` on
    /// the usual paths; `nil` when there is none.
    static var path: String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["GRAPHQLBRIDGE_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        let names = ["chromium", "chromium-browser", "google-chrome"]
        let folders = ["/usr/bin", "/usr/local/bin", "/snap/bin"]
        for folder in folders {
            for name in names where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// Whether a missing browser must fail the test rather than skip it (the README's test command sets it).
    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_REQUIRE_BACKEND"] == "1"
    }

    /// Runs the browser on `page` with `arguments` and returns what it printed on standard output. (Headless Chromium
    /// cannot run with JavaScript off: `--dump-dom` and `--screenshot` use scripts of their own. The report has none,
    /// which its test checks in the source.)
    ///
    /// The browser runs and is waited for on a thread of its own (`DedicatedThread`), never on the threads Swift
    /// concurrency and Dispatch share, so the other tests keep running meanwhile.
    static func run(_ browser: String, page: URL, _ arguments: [String]) async throws -> String {
        try await DedicatedThread.run(name: "HeadlessChromium") { try runBlocking(browser, page: page, arguments) }
    }

    private static func runBlocking(_ browser: String, page: URL, _ arguments: [String]) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                // Nothing to fetch or update: without these a run can wait ~20 s on the network.
                "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-default-browser-check", "--user-data-dir=\(profile.path)",
            ] + arguments + [page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        let collected = OutputBuffer()
        let reading = Thread {
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }
        reading.name = "HeadlessChromium.output"
        reading.start()
        // A hang detector only: the browser normally ends in a few seconds.
        if finished.wait(timeout: .now() + 300) == .timedOut {
            process.terminate()
            throw BrowserError(description: "chromium did not finish within 300 s")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BrowserError(description: "chromium exited with status \(process.terminationStatus)")
        }
        return String(decoding: collected.data, as: UTF8.self)
    }

    struct BrowserError: Error, CustomStringConvertible {
        var description: String
    }

    final class OutputBuffer: @unchecked Sendable {
        var data = Data()
    }
}
