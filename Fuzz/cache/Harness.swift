// Fuzz target `cache` (scripts/fuzz.sh cache): the SQLite cache store's record format (`CacheRecordCodec`), through
// its testing probe. Any bytes are read as a stored record: an error is expected, a crash is a bug. A record that
// reads must encode and read back to the same fields.
import Foundation
@_spi(Testing) import GraphQLBridge

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCacheRecord(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let fields = try? CacheRecordCodecProbe.decode(bytes) else { return 0 }
    let again = CacheRecordCodecProbe.encode(fields)
    let decoded = again.withUnsafeBytes { try? CacheRecordCodecProbe.decode($0) }
    if decoded != fields {
        fatalError("a record read from \(Array(bytes)) does not survive encoding and reading again")
    }
    return 0
}
