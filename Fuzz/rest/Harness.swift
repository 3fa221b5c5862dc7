// Fuzz target `rest` (scripts/fuzz.sh rest): the legacy REST models (LegacyModels) compiled with this harness.
// The first byte picks a model; the rest is a REST response body, decoded as the envelope of that model (and of
// a list of it). Errors are expected; a crash is a bug.
import Foundation

func decodeEnvelope<T: Decodable>(_ type: T.Type, _ body: Data) {
    _ = try? LegacyAPIClient.decodeEnvelope(T.self, from: body, httpStatus: 200)
    _ = try? LegacyAPIClient.decodeEnvelope([T].self, from: body, httpStatus: nil)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzREST(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let body = Data(bytes.dropFirst())
    switch bytes[0] % 4 {
    case 0: decodeEnvelope(GameInfo.self, body)
    case 1: decodeEnvelope(DrawInfo.self, body)
    case 2: decodeEnvelope(ImageInfo.self, body)
    default: decodeEnvelope(PrizeCategoryInfo.self, body)
    }
    return 0
}
