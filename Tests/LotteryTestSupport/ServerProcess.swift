import Foundation
import GraphQLBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The running `server.py` process: launched, watched for its `LISTENING` line, and stopped once.
final class ServerProcess: @unchecked Sendable {
    /// The server's exit status when graphql-core is missing (see `server.py`).
    static let missingGraphQLCoreStatus: Int32 = 3

    private struct State {
        var stopped = false
        var finalStandardError: String?
    }

    private let state = Locked(State())
    private let process: SpawnedProcess
    private let standardInput: Pipe
    private let standardOutput: Pipe
    private let standardErrorURL: URL
    private let standardErrorHandle: FileHandle

    private init(
        process: SpawnedProcess, standardInput: Pipe, standardOutput: Pipe, errorURL: URL, errorHandle: FileHandle
    ) {
        self.process = process
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardErrorURL = errorURL
        self.standardErrorHandle = errorHandle
    }

    deinit {
        stop()
    }

    /// The process id of the server.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Launches `python script arguments…` and returns once the server printed `LISTENING <url>`.
    /// - Throws: a `ReferenceBackendError` saying why it did not start (with the server's stderr).
    static func launch(
        python: String,
        script: URL,
        arguments: [String],
        timeout: TimeInterval
    ) async throws -> (server: ServerProcess, baseURL: URL) {
        let errorURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("graphqlbridge-reference-backend-\(UUID().uuidString).stderr")
        guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
            throw ReferenceBackendError.launchFailed(executable: python, reason: "cannot create \(errorURL.path)")
        }
        let errorHandle = try FileHandle(forWritingTo: errorURL)

        let process = SpawnedProcess()
        if python.contains("/") {
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script.path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [python, script.path] + arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorHandle

        let server = ServerProcess(
            process: process, standardInput: input, standardOutput: output, errorURL: errorURL,
            errorHandle: errorHandle)
        let listening = OnceContinuation<String>()
        process.terminationHandler = { [weak server] finished in
            let status = finished.terminationStatus
            let standardError = server?.standardError() ?? ""
            if status == missingGraphQLCoreStatus {
                listening.resume(
                    with: .failure(
                        ReferenceBackendError.graphQLCoreMissing(python: python, standardError: standardError)))
            } else {
                listening.resume(
                    with: .failure(
                        ReferenceBackendError.exitedBeforeListening(status: status, standardError: standardError)))
            }
        }
        do {
            try process.run()
        } catch {
            server.markStopped()
            if python.contains("/") && !FileManager.default.isExecutableFile(atPath: python) {
                throw ReferenceBackendError.pythonNotFound(path: python)
            }
            throw ReferenceBackendError.launchFailed(executable: python, reason: "\(error)")
        }

        let reader = output.fileHandleForReading
        // On a thread of its own: a blocking read on a Dispatch thread would take one of the few that Swift
        // concurrency needs (see `DedicatedThread`).
        let reading = Thread {
            // Plain read(2): returns what is there (FileHandle's readers wait for a full count).
            let descriptor = reader.fileDescriptor
            var buffer = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }  // end of file or error: the termination handler or the timeout reports
                buffer.append(contentsOf: chunk[0..<count])
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[0..<newline], as: UTF8.self)
                    listening.resume(with: .success(line))
                    return
                }
            }
        }
        reading.name = "ServerProcess.listening"
        reading.start()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak server] in
            let standardError = server?.standardError() ?? ""
            listening.resume(
                with: .failure(
                    ReferenceBackendError.startTimedOut(seconds: timeout, standardError: standardError)))
        }

        let line: String
        do {
            line = try await listening.wait()
        } catch {
            server.stop()
            throw error
        }
        let prefix = "LISTENING "
        guard line.hasPrefix(prefix), let url = URL(string: String(line.dropFirst(prefix.count))),
            url.scheme == "http", url.host != nil, url.port != nil
        else {
            let standardError = server.standardError()
            server.stop()
            throw ReferenceBackendError.unexpectedOutput(line: line, standardError: standardError)
        }
        return (server, url)
    }

    /// What the server wrote to its standard error so far (all of it once stopped).
    func standardError() -> String {
        Self.standardError(state: state, url: standardErrorURL)
    }

    /// The kept standard error, or the file's content while the server runs (under the lock, so that the stopping
    /// thread cannot remove the file between the two reads).
    private static func standardError(state: Locked<State>, url: URL) -> String {
        state.withLock { state in
            if let kept = state.finalStandardError { return kept }
            return String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
        }
    }

    /// Stops the server: closes its stdin, sends SIGTERM and returns; a thread of its own waits for the exit
    /// (SIGKILL after 5 s) and keeps the standard error. Safe to call twice. It never blocks the caller: tests call
    /// it from `defer` on the threads Swift concurrency shares, which a wait of seconds would starve (see
    /// `DedicatedThread`). ``stopAndWait()`` also waits for the exit.
    func stop() {
        let alreadyStopped = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !alreadyStopped else { return }
        try? standardInput.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        // The thread captures what it needs, not `self` (`deinit` calls this).
        let (process, state, url, handle) = (process, state, standardErrorURL, standardErrorHandle)
        let waiting = Thread {
            Self.waitForExit(process)
            let standardError = Self.standardError(state: state, url: url)
            state.withLock { state in
                state.finalStandardError = standardError
                try? handle.close()
                try? FileManager.default.removeItem(at: url)
            }
        }
        waiting.name = "ServerProcess.stop"
        waiting.start()
    }

    /// Stops the server (``stop()``) and returns once the process has exited (a hang detector gives up after
    /// 15 s), without blocking a thread.
    func stopAndWait() async {
        stop()
        let deadline = ContinuousClock.now + .seconds(15)
        while process.isRunning && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for `process` to exit after SIGTERM; SIGKILL after 5 s. Blocks: call it on a thread of its own.
    private static func waitForExit(_ process: SpawnedProcess) {
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let killDeadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < killDeadline {
            usleep(10_000)
        }
    }

    /// Records a process that never ran as stopped, so `deinit` does not touch it.
    private func markStopped() {
        state.withLock { $0.stopped = true }
        try? standardErrorHandle.close()
        try? FileManager.default.removeItem(at: standardErrorURL)
    }
}
