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
/// One statement (`SELECT … FROM responses WHERE query_key = ?`), no transaction: a stored response is current by
/// construction (a write of any of its records deletes it in the same transaction, in any process).
///
/// `@unchecked Sendable`: the connection (not `Sendable`) is only reached inside the lock.
final class SQLiteResponseReader: @unchecked Sendable {
    private let connection: Locked<SQLiteConnection?>
    /// The schema version whose stored responses it reads (the store's).
    private let schemaVersion: String

    /// Opens `fileURL` for reading only, for the stored responses of `schemaVersion`; `nil` when it cannot be opened
    /// (the cache's queue reads, as before).
    init?(fileURL: URL, schemaVersion: String) {
        guard let db = try? SQLiteConnection(path: fileURL.path, readOnly: true) else { return nil }
        self.schemaVersion = schemaVersion
        // A first read of a page costs no `pread` (as the store's connection).
        try? db.execute("PRAGMA mmap_size = 268435456", .open)
        connection = Locked(db)
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
        let outcome = connection.withLockIfAvailable { (db: inout SQLiteConnection?) -> Outcome in
            guard let current = db, current.isOpen else { return .unavailable }
            do throws(GraphQLCacheError) {
                var other: String?
                let stored = try SQLiteCacheStore.storedResponse(
                    in: current, forQuery: query, defaultMaxAge: defaultMaxAge, schemaVersion: schemaVersion,
                    other: &other)
                guard other == nil else {
                    // Another schema version took the file over: closed for good (the queue's store finds it too).
                    current.close()
                    db = nil
                    return .unavailable
                }
                return .read(stored)
            } catch {
                if error.kind == .corrupt {
                    current.close()
                    db = nil
                }
                return .unavailable
            }
        }
        return outcome ?? .unavailable
    }

    /// The connection's busy timeout in milliseconds (`PRAGMA busy_timeout`; for tests); `nil` when closed or in use.
    var busyTimeout: Int64? {
        connection.withLockIfAvailable { db in try? db?.integer("PRAGMA busy_timeout", .read) } ?? nil
    }

    /// Closes the connection for good (the store replaced its file): every later read goes to the cache's queue.
    func close() {
        connection.withLock { db in
            db?.close()
            db = nil
        }
    }
}
