import Foundation
import GraphQLBridgeSupport

/// A second, read-only connection to a persistent cache's file, through which a query's stored response is read on
/// the caller's thread (``GraphQLCache``'s first read of a query: the app's next launch), without the hop to the
/// cache's serial queue.
///
/// Why such a read may run on a thread Swift concurrency shares, where the cache's other SQLite calls may not (they
/// may wait up to 5 s for another process's write lock): it never waits.
/// - The file is in WAL mode: a reader reads the last committed state from the file and the WAL and takes no lock a
///   writer holds; a writer (this process's queue, another process) never makes it wait, nor it them.
/// - Its busy timeout is 0: in the rare cases where a WAL read would wait (another connection recovering the WAL
///   index after a crash, a checkpoint restarting the WAL at that instant, a file not in WAL mode), SQLite returns
///   `SQLITE_BUSY` at once, and the read is handed to the cache's queue, which reads as before.
/// - Its own lock is only tried, never waited for: a read while another caller's holds the connection goes to the
///   queue.
/// - Any other failure (a damaged file, a table not there) also hands the read to the queue, where the store finds
///   and reports it; a store that replaced its file (damage found) closes this connection for good.
///
/// One statement (`SELECT … FROM responses WHERE query_key = ?`): a stored response is current by construction (a
/// write of any of its records deletes it in the same transaction, in any process).
///
/// **A burst of reads in one transaction.** A statement outside a transaction is a read transaction of its own, and
/// beginning and ending one (two `fcntl` locks on the WAL index, the file's header checked again) costs about as much
/// as the row itself. So the reader keeps its read transaction open after a read (a burst: the app's launch reads many
/// queries at once) while no connection of any process has committed to the file since it began: before each read,
/// the WAL index's header, read without a lock (``WALIndexHeaderProbe``), must be the one read before the transaction
/// began and after its first read (then nothing was committed in between, and its snapshot is the file as it is now).
/// Any other header (a write, a clear, a use marked, another schema version taking the file over, in any process)
/// ends it and begins another. A transaction left unused for ``burstIdleTime`` is ended, and one open for
/// ``burstLongestTime`` whatever its reads (the next read begins another), so that a checkpoint that waits for the
/// readers of the WAL (after `clear()`'s `VACUUM`, in any process) waits at most about that long. A file not in WAL
/// mode, or a header that cannot be read: each read is one statement in a transaction of its own.
///
/// `@unchecked Sendable`: the connection (not `Sendable`) is only reached inside the lock.
final class SQLiteResponseReader: @unchecked Sendable {
    /// How long a burst's read transaction stays open without a read (ended by a timer).
    static let burstIdleTime = DispatchTimeInterval.milliseconds(10)
    /// How long a burst's read transaction stays open at most, read or not (the next read begins another).
    static let burstLongestTime = DispatchTimeInterval.milliseconds(100)

    /// The read-only connection and its open read transaction.
    private struct State {
        var db: SQLiteConnection?
        /// Whether the WAL index was looked for (after the connection's first read).
        var probed = false
        /// The WAL index's header; `nil` for a file not in WAL mode, or one that cannot be read.
        var probe: WALIndexHeaderProbe?
        /// The read transaction kept open, if any.
        var burst: Burst?
        /// How many bursts began (each one's number, for its timer).
        var bursts: UInt64 = 0
    }

    /// A read transaction kept open between reads.
    private struct Burst {
        /// The WAL index's header before it began and after its first read (the same: its snapshot is that state).
        var header: WALIndexHeaderProbe.Header
        var number: UInt64
        /// When it began.
        var began: DispatchTime
        /// Whether it served a read since its timer last looked.
        var used = false
    }

    private let state: Locked<State>
    /// The schema version whose stored responses it reads (the store's).
    private let schemaVersion: String
    /// This reader's ``burstIdleTime`` and ``burstLongestTime`` (other lengths: for tests).
    private let idleTime: DispatchTimeInterval
    private let longestTime: DispatchTimeInterval

    /// Opens `fileURL` for reading only, for the stored responses of `schemaVersion`; `nil` when it cannot be opened
    /// (the cache's queue reads, as before).
    init?(
        fileURL: URL, schemaVersion: String, idleTime: DispatchTimeInterval = burstIdleTime,
        longestTime: DispatchTimeInterval = burstLongestTime
    ) {
        guard let db = try? SQLiteConnection(path: fileURL.path, readOnly: true) else { return nil }
        self.schemaVersion = schemaVersion
        self.idleTime = idleTime
        self.longestTime = longestTime
        // A first read of a page costs no `pread` (as the store's connection).
        try? db.execute("PRAGMA mmap_size = 268435456", .open)
        state = Locked(State(db: db))
    }

    /// What a read gave.
    enum Outcome {
        /// The stored response (`nil`: none, or written with another default lifetime).
        case read(StoredResponse?)
        /// Not read here (the connection busy or closed, `SQLITE_BUSY`, any error): read on the cache's queue.
        case unavailable
    }

    /// `query`'s stored response, read now on the calling thread without waiting for anything.
    func storedResponse(forQuery query: String, defaultMaxAge: Double) -> Outcome {
        let outcome = state.withLockIfAvailable { (state: inout State) -> Outcome in
            guard let current = state.db, current.isOpen else { return .unavailable }
            if let burst = state.burst {
                if current.isInTransaction, state.probe?.header() == burst.header {
                    // Nothing committed since it began: its snapshot is the file now.
                    state.burst?.used = true
                    return read(query, defaultMaxAge: defaultMaxAge, in: &state)
                }
                end(&state)
            }
            guard state.probed else {
                let outcome = read(query, defaultMaxAge: defaultMaxAge, in: &state)
                // (Mapped after the connection's first read: its lock on the `-shm` file keeps it from being set up
                // again while it is open.)
                state.probed = true
                if let db = state.db, (try? db.text("PRAGMA journal_mode", .read)) == "wal" {
                    state.probe = WALIndexHeaderProbe(databasePath: db.path)
                }
                return outcome
            }
            guard let probe = state.probe, let before = probe.header(), (try? current.begin(.read)) != nil else {
                return read(query, defaultMaxAge: defaultMaxAge, in: &state)
            }
            let outcome = read(query, defaultMaxAge: defaultMaxAge, in: &state)
            if case .read = outcome, let db = state.db, db.isInTransaction, probe.header() == before {
                state.bursts += 1
                state.burst = Burst(header: before, number: state.bursts, began: .now())
                endWhenIdle(state.bursts)
            } else {
                end(&state)
            }
            return outcome
        }
        return outcome ?? .unavailable
    }

    /// `query`'s stored response read with one statement (in the open transaction, if any); a failure closes the
    /// connection when the file is damaged or belongs to another schema version, and ends the open transaction.
    private func read(_ query: String, defaultMaxAge: Double, in state: inout State) -> Outcome {
        guard let current = state.db else { return .unavailable }
        do throws(GraphQLCacheError) {
            var other: String?
            let stored = try SQLiteCacheStore.storedResponse(
                in: current, forQuery: query, defaultMaxAge: defaultMaxAge, schemaVersion: schemaVersion,
                other: &other)
            guard other == nil else {
                // Another schema version took the file over: closed for good (the queue's store finds it too).
                close(&state)
                return .unavailable
            }
            return .read(stored)
        } catch {
            if error.kind == .corrupt { close(&state) } else { end(&state) }
            return .unavailable
        }
    }

    /// Ends the open read transaction, if any.
    private func end(_ state: inout State) {
        state.burst = nil
        state.db?.endTransaction()
    }

    /// Closes the connection for good.
    private func close(_ state: inout State) {
        state.burst = nil
        state.probe = nil
        state.db?.close()
        state.db = nil
    }

    /// Ends burst `number` once a period of ``burstIdleTime`` passes without a read in it, or ``burstLongestTime``
    /// after it began.
    private func endWhenIdle(_ number: UInt64) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + idleTime) { [weak self] in
            guard let self else { return }
            self.state.withLock { state in
                guard let burst = state.burst, burst.number == number else { return }
                if burst.used, DispatchTime.now() < burst.began + self.longestTime {
                    state.burst?.used = false
                    self.endWhenIdle(number)
                } else {
                    self.end(&state)
                }
            }
        }
    }

    /// The connection's busy timeout in milliseconds (`PRAGMA busy_timeout`; for tests); `nil` when closed or in use.
    var busyTimeout: Int64? {
        state.withLockIfAvailable { state in try? state.db?.integer("PRAGMA busy_timeout", .read) } ?? nil
    }

    /// Whether a burst's read transaction is open (for tests); `nil` when the reader is in use.
    var isInBurst: Bool? {
        state.withLockIfAvailable { state in state.burst != nil && state.db?.isInTransaction == true }
    }

    /// How many bursts began (for tests); `nil` when the reader is in use.
    var burstCount: UInt64? {
        state.withLockIfAvailable { state in state.bursts }
    }

    /// Closes the connection for good (the store replaced its file): every later read goes to the cache's queue.
    func close() {
        state.withLock { state in close(&state) }
    }
}
