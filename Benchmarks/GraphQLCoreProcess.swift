import Foundation

/// graphql-core's side of the `codegen` benchmark: graphql_core_parse.py in a Python subprocess, driven round by
/// round over its standard input and output (one JSON object a line) so that its rounds alternate with the Swift
/// ones. Its standard error is the benchmark's, so a Python traceback shows as it is.
final class GraphQLCoreProcess {
    /// graphql-core's results, to check the Swift ones against.
    let facts: GraphQLCoreFacts

    private let process: Process
    private let commands: FileHandle
    private let answers: FileHandle
    private var buffered = Data()
    private let pythonPath: String

    /// Starts the script and reads its facts (it parses, builds and validates once before answering).
    /// - Throws: ``BenchmarkFailure`` when Python does not start or does not answer.
    init(inputs: CodegenInputs) throws(BenchmarkFailure) {
        // A script that died must show as a message, not end this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        pythonPath = inputs.pythonPath
        process = Process()
        process.executableURL = URL(fileURLWithPath: inputs.pythonPath)
        process.arguments = [inputs.scriptPath, "--fixtures", inputs.fixturesPath, "--serve"]
        let commandPipe = Pipe()
        let answerPipe = Pipe()
        process.standardInput = commandPipe
        process.standardOutput = answerPipe
        commands = commandPipe.fileHandleForWriting
        answers = answerPipe.fileHandleForReading
        do {
            try process.run()
        } catch {
            throw BenchmarkFailure(
                "cannot start \(inputs.pythonPath): \(error.localizedDescription)", exitStatus: Self.setupStatus)
        }
        do {
            facts = try Self.read(GraphQLCoreFacts.self, from: answers, buffer: &buffered, python: inputs.pythonPath)
        } catch {
            // Python without graphql-core (or not Python at all): an unusable input, not a failed check.
            throw BenchmarkFailure(error.description, exitStatus: Self.setupStatus)
        }
    }

    /// The exit status for a python that cannot run the script.
    private static let setupStatus: Int32 = 2

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Runs one round of every operation in graphql-core.
    /// - Parameter warmUp: Whether the round is left out of the summary.
    /// - Returns: The round's times.
    func round(warmUp: Bool) throws(BenchmarkFailure) -> GraphQLCoreRound {
        try send(warmUp ? "warmup" : "round")
        return try Self.read(GraphQLCoreRound.self, from: answers, buffer: &buffered, python: pythonPath)
    }

    /// Asks for the medians and minimums of the timed rounds and waits for the script to exit.
    func finish() throws(BenchmarkFailure) -> GraphQLCoreSummary {
        try send("summary")
        let summary = try Self.read(GraphQLCoreSummary.self, from: answers, buffer: &buffered, python: pythonPath)
        try? commands.close()
        process.waitUntilExit()
        return summary
    }

    private func send(_ command: String) throws(BenchmarkFailure) {
        do {
            try commands.write(contentsOf: Data((command + "\n").utf8))
        } catch {
            throw BenchmarkFailure(
                "graphql_core_parse.py is gone (writing \"\(command)\" failed: \(error.localizedDescription)); "
                    + "see its error output above")
        }
    }

    /// Reads the next line and decodes it as `T`.
    private static func read<T: Decodable>(
        _ type: T.Type, from handle: FileHandle, buffer: inout Data, python: String
    ) throws(BenchmarkFailure) -> T {
        var newline = buffer.firstIndex(of: UInt8(ascii: "\n"))
        while newline == nil {
            let chunk = handle.availableData
            if chunk.isEmpty {
                throw BenchmarkFailure(
                    "graphql_core_parse.py (run by \(python)) ended without answering; see its error output above. "
                        + "It needs graphql-core 3.3.2: `bash scripts/python-env.sh` makes a python with it")
            }
            buffer.append(chunk)
            newline = buffer.firstIndex(of: UInt8(ascii: "\n"))
        }
        guard let newline else { throw BenchmarkFailure("graphql_core_parse.py: no line read") }
        let line = Data(buffer[buffer.startIndex..<newline])
        buffer = Data(buffer[buffer.index(after: newline)...])
        do {
            return try JSONDecoder().decode(T.self, from: line)
        } catch {
            let text = String(decoding: line.prefix(300), as: UTF8.self)
            throw BenchmarkFailure(
                "graphql_core_parse.py answered something other than \(T.self): \(text) (\(error))")
        }
    }
}
