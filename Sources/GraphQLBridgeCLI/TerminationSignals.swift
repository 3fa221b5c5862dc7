import Dispatch
import Foundation

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
/// `@unchecked Sendable`: `received` and `waiter` are only read or written while `lock` is held; the sources are
/// set once, in `init`.
final class TerminationSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    private var received: String?
    private var waiter: CheckedContinuation<String, Never>?

    /// Installs the handlers: from now on SIGINT and SIGTERM no longer end the process.
    init() {
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
    func wait() async -> String {
        await withCheckedContinuation { continuation in
            let already = lock.withLock { () -> String? in
                if received == nil { waiter = continuation }
                return received
            }
            if let already { continuation.resume(returning: already) }
        }
    }

    private func deliver(_ name: String) {
        let continuation = lock.withLock { () -> CheckedContinuation<String, Never>? in
            guard received == nil else { return nil }
            received = name
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume(returning: name)
    }
}
