import Foundation

/// Why the reference backend could not be started.
public enum ReferenceBackendError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The repository root (with `Tests/ReferenceBackend/server.py`) was not found above this source file.
    case repositoryNotFound(searchedFrom: String)
    /// `scripts/python-env.sh` failed, so there is no Python with graphql-core.
    case pythonEnvironmentFailed(script: String, status: Int32, standardError: String)
    /// The Python given by `GRAPHQLBRIDGE_PYTHON` (or printed by the script) cannot be run.
    case pythonNotFound(path: String)
    /// The Python runs but has no graphql-core.
    case graphQLCoreMissing(python: String, standardError: String)
    /// The server process could not be launched at all.
    case launchFailed(executable: String, reason: String)
    /// The server exited before it printed its `LISTENING` line.
    case exitedBeforeListening(status: Int32, standardError: String)
    /// The server printed no `LISTENING` line in time.
    case startTimedOut(seconds: Double, standardError: String)
    /// The server's first line was not `LISTENING http://host:port`.
    case unexpectedOutput(line: String, standardError: String)
    /// A `ReferenceBackendOptions` value is invalid.
    case invalidOption(String)

    /// Whether the error means Python or graphql-core is missing on this machine, rather than a server failure.
    public var isMissingEnvironment: Bool {
        switch self {
        case .pythonEnvironmentFailed, .pythonNotFound, .graphQLCoreMissing: true
        default: false
        }
    }

    /// A message that says what failed and what to do.
    public var description: String {
        switch self {
        case .repositoryNotFound(let path):
            return "reference backend: no Tests/ReferenceBackend/server.py above \(path); "
                + "set GRAPHQLBRIDGE_REPO to the repository root"
        case .pythonEnvironmentFailed(let script, let status, let standardError):
            return "reference backend: \(script) failed with status \(status); install graphql-core: "
                + "run scripts/python-env.sh (or set GRAPHQLBRIDGE_PYTHON to a python with graphql-core 3.3.2)"
                + Self.tail(standardError, from: "python-env.sh")
        case .pythonNotFound(let path):
            return "reference backend: cannot run python at \(path); install CPython 3.10+ and run "
                + "scripts/python-env.sh, or set GRAPHQLBRIDGE_PYTHON"
        case .graphQLCoreMissing(let python, let standardError):
            return "reference backend: \(python) has no graphql-core; install graphql-core: run "
                + "scripts/python-env.sh and use the python it prints (GRAPHQLBRIDGE_PYTHON)"
                + Self.tail(standardError, from: "python")
        case .launchFailed(let executable, let reason):
            return "reference backend: cannot launch \(executable): \(reason)"
        case .exitedBeforeListening(let status, let standardError):
            return "reference backend: the server exited with status \(status) before listening"
                + Self.tail(standardError)
        case .startTimedOut(let seconds, let standardError):
            return "reference backend: no LISTENING line after \(seconds) s" + Self.tail(standardError)
        case .unexpectedOutput(let line, let standardError):
            return "reference backend: expected 'LISTENING http://127.0.0.1:PORT', got '\(line)'"
                + Self.tail(standardError)
        case .invalidOption(let message):
            return "reference backend: invalid option: \(message)"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }

    private static func tail(_ standardError: String, from source: String = "server") -> String {
        let trimmed = standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return " (no output on the \(source)'s stderr)" }
        let lastLines = trimmed.split(separator: "\n", omittingEmptySubsequences: false).suffix(30)
        return "; \(source) stderr:\n" + lastLines.joined(separator: "\n")
    }
}
