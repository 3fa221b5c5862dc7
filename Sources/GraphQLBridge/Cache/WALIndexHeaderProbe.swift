import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only view of a WAL-mode SQLite file's wal-index header, through which a reader learns, with no lock and no
/// system call, whether any connection of any process committed to the file since it last looked.
///
/// The header is the start of the file's `-shm` file, which every connection to the file maps and SQLite documents
/// as a format every version shares (<https://www.sqlite.org/walformat.html>, "the WAL-index header"): two copies of
/// a 48-byte header that a commit (and a checkpoint that restarts the WAL) rewrites, the second copy first. Its
/// change counter (`iChange`) grows with every commit, and its last frame, salts and checksums follow the WAL: a header
/// read now equal, in both copies, to one read before means that no commit completed in between (a commit under way,
/// not yet visible to any reader, shows as a difference between the copies or as no change).
///
/// Safe only while a connection of this process has the file open in WAL mode: then SQLite keeps its "dead man's
/// switch" lock on the `-shm` file, and no process can truncate or initialize it again (it does so only when it is the
/// file's sole user). ``SQLiteResponseReader`` maps it after its own connection's first read.
final class WALIndexHeaderProbe: @unchecked Sendable {
    /// A header as read (its 48 bytes as six words); compared whole.
    struct Header: Equatable, Sendable {
        var a, b, c, d, e, f: UInt64

        /// The header at `base` (a copy: at byte 0 or 48).
        init(at base: UnsafeRawPointer) {
            a = base.load(fromByteOffset: 0, as: UInt64.self)
            b = base.load(fromByteOffset: 8, as: UInt64.self)
            c = base.load(fromByteOffset: 16, as: UInt64.self)
            d = base.load(fromByteOffset: 24, as: UInt64.self)
            e = base.load(fromByteOffset: 32, as: UInt64.self)
            f = base.load(fromByteOffset: 40, as: UInt64.self)
        }
    }

    /// The mapping's start, and its length: one page of the `-shm` file.
    private let base: UnsafeRawPointer
    private static let length = 4096

    /// The `-shm` file of the SQLite file at `databasePath`, mapped for reading; `nil` when it cannot be (no such
    /// file: not in WAL mode; smaller than a page: not initialized).
    init?(databasePath: String) {
        let descriptor = open(databasePath + "-shm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) >= Self.length else { return nil }
        guard let mapped = mmap(nil, Self.length, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        base = UnsafeRawPointer(mapped)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), Self.length)
    }

    /// The header now; `nil` when its two copies differ (a commit is being written), it is not initialized, or it is
    /// not of the format this reads (version 3007000).
    func header() -> Header? {
        let first = Header(at: base)
        // `iVersion` (4 bytes in the machine's order) and `isInit` (byte 12), then the second copy.
        guard base.load(fromByteOffset: 0, as: UInt32.self) == 3_007_000,
            base.load(fromByteOffset: 12, as: UInt8.self) == 1, Header(at: base + 48) == first
        else { return nil }
        return first
    }
}
