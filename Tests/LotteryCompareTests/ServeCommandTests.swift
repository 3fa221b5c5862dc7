import Foundation
import GraphQLBridgeCLI
import GraphQLBridgeSupport
import LotteryCLI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `lottery serve`: the embedded backend for a local development loop, as a process a developer starts and
/// stops with Ctrl-C, and in-process for its options.
@Suite("serve command")
struct ServeCommandTests {
    @Test(
        "as a process: prints its URLs, answers REST and GraphQL with the token, stops on SIGINT and on SIGTERM",
        arguments: [SIGINT, SIGTERM])
    func process(signal: Int32) async throws {
        let server = try ServeProcess.launch(["serve", "--port", "0", "--token", "dev-token", "--draw-interval", "1h"])
        defer { server.cleanUp() }
        let banner = try await server.waitForOutput(containing: "Ctrl-C stops it.")
        let graphQL = try #require(Self.url(after: "GraphQL:", in: banner), "no GraphQL URL in:\n\(banner)")
        let rest = try #require(Self.url(after: "REST:", in: banner), "no REST URL in:\n\(banner)")
        let webSocket = try #require(Self.url(after: "WebSocket:", in: banner), "no WebSocket URL in:\n\(banner)")
        #expect(graphQL.path == "/graphql" && rest.path == "/api/v1" && webSocket.scheme == "ws")
        #expect(graphQL.port == rest.port && graphQL.port == webSocket.port && graphQL.port != 0)
        #expect(banner.contains("useLocalBackend(host: \"127.0.0.1\", port: \(graphQL.port ?? 0))"))
        #expect(banner.contains("every active game's draws advance every 1h"))

        var request = URLRequest(url: graphQL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"query":"{ game(id: \"6x45\") { id name } }"}"#.utf8)
        let refused = try await URLSession.shared.data(for: request)
        #expect((refused.1 as? HTTPURLResponse)?.statusCode == 401)
        request.setValue("Bearer dev-token", forHTTPHeaderField: "Authorization")
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(
            String(decoding: body, as: UTF8.self).contains(#""id":"6x45""#), "\(String(decoding: body, as: UTF8.self))")

        var restRequest = URLRequest(url: rest.appendingPathComponent("games").appendingPathComponent("6x45"))
        restRequest.setValue("Bearer dev-token", forHTTPHeaderField: "Authorization")
        let (restBody, restResponse) = try await URLSession.shared.data(for: restRequest)
        #expect((restResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: restBody, as: UTF8.self).contains("6x45"))

        let status = try await server.stop(with: signal)
        #expect(status == 0, "exit status \(status); standard error: \(server.standardError)")
        #expect(server.standardOutput.hasSuffix("Stopped.\n"), "\(server.standardOutput)")
    }

    @Test("--incremental: the banner says the format and delay; a wrong format or a delay alone is a usage error")
    func incremental() async {
        let output = OutputBuffer()
        let status = await ServeCommand.main(
            arguments: ["--port", "0", "--incremental", "apollo", "--incremental-delay", "200ms"],
            output: output.commandOutput, stop: {})
        #expect(status == 0, "\(output.standardError)")
        #expect(
            output.standardOutput.contains("@defer/@stream: answered incrementally (apollo2022 format, 200ms apart)"),
            "\(output.standardOutput)")
        for arguments in [["--incremental", "new"], ["--incremental-delay", "1s"]] {
            let refused = OutputBuffer()
            #expect(
                await ServeCommand.main(
                    arguments: ["--port", "0"] + arguments, output: refused.commandOutput, stop: {})
                    == 2)
            #expect(refused.standardError.contains("--incremental"), "\(refused.standardError)")
        }
    }

    @Test("in-process: the banner names the options in force; it stops when asked")
    func inProcess() async throws {
        let manifest = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: manifest) }
        try Data(#"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": []}"#.utf8)
            .write(to: manifest)
        let output = OutputBuffer()
        let status = await ServeCommand.main(
            arguments: ["--port", "0", "--trusted-documents", manifest.path, "--cache-max-age", "30"],
            output: output.commandOutput, stop: {})
        #expect(status == 0, "\(output.standardError)")
        let banner = output.standardOutput
        #expect(banner.contains("Token:     none required"))
        #expect(banner.contains("Persisted queries: trusted documents only (0 in the manifest)"))
        #expect(banner.contains("Cache-Control: max-age=30"))
        #expect(banner.hasSuffix("Stopped.\n"))
    }

    @Test(
        "usage errors: exit 2 with the fix",
        arguments: [
            (["--port", "http"], "--port takes a port number"),
            (["--port", "70000"], "--port takes a port number"),
            (["--draw-interval", "soon"], "--draw-interval takes a positive duration such as 500ms"),
            (["--draw-interval", "0s"], "--draw-interval takes a positive duration"),
            (["--apq", "--trusted-documents", "m.json"], "give --apq or --trusted-documents, not both"),
            (["--trusted-documents", "/nonexistent/manifest.json"], "--trusted-documents: cannot read"),
            (["--cache-max-age", "-1"], "--cache-max-age takes a whole number of seconds"),
            (["--token", ""], "--token takes a non-empty token"),
        ])
    func usageErrors(arguments: [String], message: String) async {
        let output = OutputBuffer()
        let status = await ServeCommand.main(arguments: arguments, output: output.commandOutput, stop: {})
        #expect(status == 2)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    @Test("a port that is taken: exit 2, saying how to pick another")
    func portTaken() async throws {
        let first = OutputBuffer()
        let firstStopped = AsyncGate()
        let running = Task {
            await ServeCommand.main(
                arguments: ["--port", "0"], output: first.commandOutput, stop: { await firstStopped.wait() })
        }
        defer { firstStopped.open() }
        var port: Int?
        for _ in 0..<6000 where port == nil {  // a hang detector (60 s), not a time bound
            port = Self.url(after: "GraphQL:", in: first.standardOutput)?.port
            if port == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        let taken = try #require(port)
        let second = OutputBuffer()
        let status = await ServeCommand.main(arguments: ["--port", "\(taken)"], output: second.commandOutput, stop: {})
        #expect(status == 2)
        #expect(second.standardError.contains("cannot start the embedded backend on 127.0.0.1:\(taken)"))
        #expect(second.standardError.contains("--port 0 picks a free one"))
        firstStopped.open()
        #expect(await running.value == 0)
    }

    /// The URL printed after `label` on a line of the banner.
    static func url(after label: String, in text: String) -> URL? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(label) else { continue }
            let rest = trimmed.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
            return rest.split(separator: " ").first.flatMap { URL(string: String($0)) }
        }
        return nil
    }
}

/// A command output that keeps what is written, from any thread.
final class OutputBuffer: Sendable {
    private struct State {
        var out = ""
        var err = ""
    }

    private let state = Locked(State())

    var commandOutput: CommandOutput {
        CommandOutput(
            standardOutput: { text in self.state.withLock { $0.out += text } },
            standardError: { text in self.state.withLock { $0.err += text } })
    }

    var standardOutput: String { state.withLock { $0.out } }
    var standardError: String { state.withLock { $0.err } }
}

/// A gate a task waits at until it is opened (at once if it is open already).
final class AsyncGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiting { waiter.resume() }
    }
}

/// `lottery` run as a developer runs it: a process of its own, with its output in files.
final class ServeProcess: @unchecked Sendable {
    private let process: SpawnedProcess
    private let outputURL: URL
    private let errorURL: URL

    private init(process: SpawnedProcess, outputURL: URL, errorURL: URL) {
        self.process = process
        self.outputURL = outputURL
        self.errorURL = errorURL
    }

    /// Starts the `lottery` executable built next to the tests (`swift build --build-tests`).
    static func launch(_ arguments: [String]) throws -> ServeProcess {
        let folder = FileManager.default.temporaryDirectory
        let token = UUID().uuidString
        let outputURL = folder.appendingPathComponent("lottery-serve-\(token).out")
        let errorURL = folder.appendingPathComponent("lottery-serve-\(token).err")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
            FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown) }
        let process = SpawnedProcess()
        process.executableURL = try executable()
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        return ServeProcess(process: process, outputURL: outputURL, errorURL: errorURL)
    }

    /// The executable, built next to the tests.
    static func executable() throws -> URL {
        var folders = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
        folders.append(URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent())
        let candidates = folders.map { $0.appendingPathComponent("lottery") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "lottery not found (build it with swift build --build-tests); looked in \(folders)")
    }

    var standardOutput: String { String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self) }
    var standardError: String { String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self) }

    /// Waits until standard output holds `text`; returns it. Fails if the process exits first. The 60 s limit only
    /// tells a hang.
    func waitForOutput(containing text: String) async throws -> String {
        for _ in 0..<6000 {
            let output = standardOutput
            if output.contains(text) { return output }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("lottery serve did not print '\(text)'; output:\n\(standardOutput)\n\(standardError)")
        throw CancellationError()
    }

    /// Sends `signal` and waits for the process to exit; returns its exit status. The 60 s limit only tells a hang.
    func stop(with signal: Int32) async throws -> Int32 {
        kill(process.processIdentifier, signal)
        for _ in 0..<6000 where process.isRunning {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(!process.isRunning, "lottery serve did not stop on signal \(signal)")
        return process.isRunning ? -1 : process.terminationStatus
    }

    /// Ends the process if it still runs, and removes its output files.
    func cleanUp() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
    }
}
