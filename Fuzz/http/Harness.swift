// Fuzz target `http` (scripts/fuzz.sh http): the embedded backend's HTTP parsing (Sources/LotteryBackend/HTTP)
// compiled with this harness. The input up to the first empty line is a request head; the head's body framing is
// computed and the query string read. Errors are expected; a crash is a bug.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var end = bytes.count
    if count >= 4 {
        for index in 0...(count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            end = index
            break
        }
    }
    guard let head = try? HTTPRequestHead(bytes: bytes[0..<end]) else { return 0 }
    _ = try? head.bodyFraming()
    if let query = head.target.split(separator: "?", maxSplits: 1).dropFirst().first {
        _ = HTTPRequest.percentDecode(query, plusIsSpace: true)
        _ = HTTPRequest.percentDecode(query, plusIsSpace: false)
    }
    return 0
}
