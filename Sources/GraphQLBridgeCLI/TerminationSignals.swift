import Dispatch
import Foundation
import GraphQLBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM, taken over from their default action (which ends the process at once) so that a
/// long-running command can stop cleanly: ``wait()`` returns the first one received.
///
/// `@unchecked Sendable`: the signal received and the waiter are a `Locked` (the continuation is resumed after the
/// lock is released); the sources are set once, in `init`.
package final class TerminationSignals: @unchecked Sendable {
    private struct State {
        var received: String?
        var waiter: CheckedContinuation<String, Never>?
    }

    private let state = Locked(State())
    private var sources: [DispatchSourceSignal] = []

    /// Installs the handlers: from now on SIGINT and SIGTERM no longer end the process.
    package init() {
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.deliver(name) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// Waits for SIGINT or SIGTERM (returns at once if one came already); returns its name.
    package func wait() async -> String {
        await withCheckedContinuation { continuation in
            let already = state.withLock { state -> String? in
                if state.received == nil { state.waiter = continuation }
                return state.received
            }
            if let already { continuation.resume(returning: already) }
        }
    }

    private func deliver(_ name: String) {
        let continuation = state.withLock { state -> CheckedContinuation<String, Never>? in
            guard state.received == nil else { return nil }
            state.received = name
            defer { state.waiter = nil }
            return state.waiter
        }
        continuation?.resume(returning: name)
    }
}

extension TerminationSignals {
    /// Waits until a long-running command should stop: until `stop` returns when it is given (tests), otherwise
    /// until `signals` receives SIGINT or SIGTERM (then says so on standard error).
    package static func waitForStop(
        stop: (@Sendable () async -> Void)?, signals: TerminationSignals?, output: CommandOutput
    ) async {
        if let stop {
            await stop()
        } else if let signals {
            let received = await signals.wait()
            output.standardError("\n\(received), stopping.\n")
        }
    }
}
