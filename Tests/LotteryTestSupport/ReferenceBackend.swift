import Foundation

/// A running Python reference backend (`Tests/ReferenceBackend/server.py`): the lottery contract's REST
/// and GraphQL APIs served from the project's data set on a free port of 127.0.0.1.
///
/// ```swift
/// let backend = try await ReferenceBackend.start(.init(longAsString: true))
/// defer { backend.stop() }
/// let games = backend.restURL.appendingPathComponent("games")
/// ```
///
/// The server runs with `--exit-on-stdin-eof`, so it also goes away when the test process dies.
/// The Python comes from `$GRAPHQLBRIDGE_PYTHON`, or from `scripts/python-env.sh`, which prepares one.
public final class ReferenceBackend: Sendable {
    /// The origin of both APIs, `http://127.0.0.1:PORT`.
    public let baseURL: URL
    /// The options the server was started with.
    public let options: ReferenceBackendOptions
    private let server: ServerProcess

    /// The REST API's root, `baseURL/api/v1`.
    public var restURL: URL { baseURL.appendingPathComponent("api").appendingPathComponent("v1") }

    /// The GraphQL endpoint, `baseURL/graphql`.
    public var graphQLURL: URL { baseURL.appendingPathComponent("graphql") }

    /// The process id of the server.
    public var processIdentifier: Int32 { server.processIdentifier }

    /// Whether tests must fail (not skip) when the backend cannot run: `GRAPHQLBRIDGE_REQUIRE_BACKEND=1`.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_REQUIRE_BACKEND"] == "1"
    }

    private init(baseURL: URL, options: ReferenceBackendOptions, server: ServerProcess) {
        self.baseURL = baseURL
        self.options = options
        self.server = server
    }

    deinit {
        server.stop()
    }

    /// Starts a server and returns once it listens.
    /// - Parameter options: the server's behaviour (token, Long as string, injected differences, …).
    /// - Returns: the running backend; call `stop()` when done (deinit does it too).
    /// - Throws: `ReferenceBackendError`, with the server's stderr when it failed to start.
    public static func start(_ options: ReferenceBackendOptions = .init()) async throws -> ReferenceBackend {
        let arguments = try options.serverArguments()
        let repository = try repositoryRoot()
        let python = try await PythonLocator.shared.python(repository: repository)
        let script = repository.appendingPathComponent("Tests/ReferenceBackend/server.py")
        let launched = try await ServerProcess.launch(
            python: python, script: script, arguments: arguments, timeout: options.startTimeout)
        return ReferenceBackend(baseURL: launched.baseURL, options: options, server: launched.server)
    }

    /// The Python interpreter the reference backend runs on (with graphql-core), for tests that ask graphql-core
    /// itself for a verdict.
    /// - Throws: `ReferenceBackendError` when no such interpreter can be found or set up.
    public static func python() async throws -> String {
        try await PythonLocator.shared.python(repository: try repositoryRoot())
    }

    /// Starts a server, or returns `nil` when this machine has no Python with graphql-core and
    /// `isRequired` is false. Every other failure (and a missing environment when required) throws.
    /// - Parameter options: the server's behaviour.
    /// - Returns: the running backend, or `nil` when it cannot run here.
    public static func startIfAvailable(_ options: ReferenceBackendOptions = .init()) async throws
        -> ReferenceBackend?
    {
        do {
            return try await start(options)
        } catch let error as ReferenceBackendError where error.isMissingEnvironment && !isRequired {
            return nil
        }
    }

    /// Stops the server (SIGTERM; a thread of its own waits for the exit), without blocking the caller. Calling it
    /// again does nothing.
    public func stop() {
        server.stop()
    }

    /// Stops the server and returns once its process has exited.
    public func stopAndWait() async {
        await server.stopAndWait()
    }

    /// What the server wrote to its standard error (request logs with `verbose`, the injected differences).
    public var standardError: String { server.standardError() }

    /// The repository root: `$GRAPHQLBRIDGE_REPO`, or the folder above this source file that holds
    /// `Tests/ReferenceBackend/server.py`.
    /// - Throws: `ReferenceBackendError.repositoryNotFound`.
    public static func repositoryRoot() throws -> URL {
        let fileManager = FileManager.default
        let marker = "Tests/ReferenceBackend/server.py"
        if let configured = ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_REPO"], !configured.isEmpty {
            let url = URL(fileURLWithPath: configured)
            guard fileManager.fileExists(atPath: url.appendingPathComponent(marker).path) else {
                throw ReferenceBackendError.repositoryNotFound(searchedFrom: configured)
            }
            return url
        }
        let thisFile = #filePath
        for start in [URL(fileURLWithPath: thisFile), URL(fileURLWithPath: thisFile).resolvingSymlinksInPath()] {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<8 {
                if fileManager.fileExists(atPath: directory.appendingPathComponent(marker).path) {
                    return directory
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        throw ReferenceBackendError.repositoryNotFound(searchedFrom: thisFile)
    }
}
