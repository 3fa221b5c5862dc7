import Foundation
import GraphQLBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client connection handed over to a realtime session (``HTTPStreamSession`` or ``WebSocketSession``) on its
/// connection's thread: the session waits for whichever comes first of bytes from the client, items posted from other threads
/// (events, test hooks), and a timeout; and it writes.
///
/// The outbox is a `Locked`; the descriptors are constants (the pipe is closed by ``close()``, on the session's
/// thread, after the hub has forgotten the session).
package final class StreamingSocket<Item: Sendable>: Sendable {
    /// What a wait found.
    package enum Wake {
        /// The client sent bytes (or closed: a read then returns nothing).
        case readable
        /// Items were posted.
        case posted([Item])
        /// The timeout passed.
        case timedOut
    }

    /// The client connection's descriptor.
    package let descriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private struct State {
        var outbox: [Item] = []
        var closed = false
    }

    private let state = Locked(State())

    /// Wraps a client connection and opens the wake pipe.
    package init(descriptor: Int32) throws {
        self.descriptor = descriptor
        let pipe = try POSIXSocket.makePipe()
        wakeRead = pipe.read
        wakeWrite = pipe.write
        let flags = fcntl(wakeWrite, F_GETFL)
        if flags >= 0 { _ = fcntl(wakeWrite, F_SETFL, flags | O_NONBLOCK) }
        let readFlags = fcntl(wakeRead, F_GETFL)
        if readFlags >= 0 { _ = fcntl(wakeRead, F_SETFL, readFlags | O_NONBLOCK) }
    }

    /// Hands an item to the session's thread (from any thread).
    package func post(_ item: Item) {
        // Under the lock: `close()` cannot close the pipe between the check and the poke.
        state.withLock { state in
            guard !state.closed else { return }
            state.outbox.append(item)
            if state.outbox.count == 1 { POSIXSocket.poke(wakeWrite) }
        }
    }

    /// Waits up to `timeout` (forever when `nil`).
    package func wait(timeout: Duration?) -> Wake {
        let milliseconds: Int32 =
            timeout.map { Int32(clamping: max(0, $0.wholeMilliseconds)) } ?? -1
        if let items = takePosted() { return .posted(items) }
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .readable
            }
            if ready == 0 { return .timedOut }
            if descriptors[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while drain.withUnsafeMutableBytes({ systemRead(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
                if let items = takePosted() { return .posted(items) }
            }
            if descriptors[0].revents != 0 { return .readable }
            // A stale wake-up (its items were taken already): wait again.
            descriptors[0].revents = 0
            descriptors[1].revents = 0
        }
    }

    private func takePosted() -> [Item]? {
        state.withLock { state in
            guard !state.outbox.isEmpty else { return nil }
            defer { state.outbox.removeAll() }
            return state.outbox
        }
    }

    /// Reads what the client sent; `nil` when it closed the connection or it failed.
    package func read() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1_024)
        let result = chunk.withUnsafeMutableBytes { POSIXSocket.read(descriptor, into: $0) }
        switch result {
        case .bytes(let count): return Array(chunk[0..<count])
        case .timedOut: return []
        case .closed, .failed: return nil
        }
    }

    /// Writes all of `bytes`; `false` when the client is gone.
    package func write(_ bytes: [UInt8]) -> Bool {
        POSIXSocket.writeAll(descriptor, bytes)
    }

    /// Drops the connection (as a network failure would): the session's next wait or write sees it.
    package func drop() {
        POSIXSocket.shutdownBoth(descriptor)
    }

    /// Closes the wake pipe; later posts are ignored. Called once, by the session when it ends.
    package func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            POSIXSocket.closeDescriptor(wakeRead)
            POSIXSocket.closeDescriptor(wakeWrite)
        }
    }
}

/// `read(2)`, named apart from ``StreamingSocket/read()``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
    #else
        return Darwin.read(descriptor, buffer, count)
    #endif
}
