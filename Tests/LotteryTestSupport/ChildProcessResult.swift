import Foundation
import GraphQLBridgeSupport

/// The outcome of a short helper process (such as `scripts/python-env.sh`) run to completion.
public struct ChildProcessResult: Sendable {
    /// The exit status (or the signal number when it was killed by one).
    public var status: Int32
    /// Everything it wrote to standard output.
    public var standardOutput: String
    /// Everything it wrote to standard error.
    public var standardError: String

    /// Runs `executable` with `arguments` to completion without blocking a thread of the caller.
    ///
    /// Output goes through temporary files, so a chatty child can never block on a full pipe.
    /// - Throws: `ReferenceBackendError.launchFailed` when the process cannot be started.
    public static func run(
        _ executable: URL,
        arguments: [String],
        environment: [String: String]? = nil
    ) async throws -> ChildProcessResult {
        let directory = FileManager.default.temporaryDirectory
        let token = UUID().uuidString
        let outputURL = directory.appendingPathComponent("graphqlbridge-\(token).out")
        let errorURL = directory.appendingPathComponent("graphqlbridge-\(token).err")
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
            FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        else {
            throw ReferenceBackendError.launchFailed(
                executable: executable.path, reason: "cannot create temporary files in \(directory.path)")
        }
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        defer {
            try? outputHandle.close()
            try? errorHandle.close()
        }

        let process = SpawnedProcess()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        let exited = OnceContinuation<Int32>()
        process.terminationHandler = { finished in
            exited.resume(with: .success(finished.terminationStatus))
        }
        do {
            try process.run()
        } catch {
            throw ReferenceBackendError.launchFailed(executable: executable.path, reason: "\(error)")
        }
        let status = try await exited.wait()
        let output = (try? Data(contentsOf: outputURL)) ?? Data()
        let errors = (try? Data(contentsOf: errorURL)) ?? Data()
        return ChildProcessResult(
            status: status,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errors, as: UTF8.self)
        )
    }
}
