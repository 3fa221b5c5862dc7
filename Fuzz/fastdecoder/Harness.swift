// Fuzz target `fastdecoder` (scripts/fuzz.sh fastdecoder): the generated one-pass decoders against the `Decodable`
// path on the same bytes. The GraphQLBridge runtime as a module, the generated LotteryAPI types
// (Tests/GraphQLCodegenTests/Fixtures/Snapshots/LotteryAPI), those of Data Connect's scalars (the
// `data-connect-scalars` snippet) and the generated code of Tests/GeneratedCodeTests/Generated (Apollo's AnimalKingdom
// operations: type case views nested and merged, conditional fragments; the repros of issue 18) with this harness.
// The first byte picks an operation (0xF0 to 0xF7: the generated-code tests' ones; 0xF8 and above: Data Connect's
// scalars);
// the rest is a response body, decoded with both error policies through `GraphQLResponseDecoder` with
// `path: .automatic` and `path: .decodable`, and by the fast reader alone. The two paths must give the same value or
// the same `APIError`, and the fast reader alone must never take a body that the `Decodable` path rejects or reads
// to another value; a disagreement traps. Where the fast reader reads a body, the tape it records for the cache must be
// the one `JSONTape` scans from the same bytes (none where the scan takes none).
import Foundation
@_spi(Testing) import GraphQLBridge

enum Outcome<Value: Hashable & Sendable>: Equatable {
    case success(Value?, [GraphQLError], JSONObject, Int)
    case failure(APIError)

    init(_ decode: () throws(APIError) -> GraphQLResult<Value>) {
        do {
            let result = try decode()
            self = .success(result.data, result.errors, result.extensions, result.byteCount)
        } catch {
            self = .failure(error)
        }
    }
}

func compare<Operation: GraphQLOperation>(_ operation: Operation.Type, _ body: Data)
where Operation.Data: GraphQLFastDecodable & Hashable {
    for policy in [GraphQLErrorPolicy.failOnAnyError, .returnPartialData] {
        for status in [200, 400] {
            var headers = HTTPHeaders()
            headers["Content-Type"] = GraphQLResponseDecoder.graphQLResponseMediaType
            let response = HTTPResponse(status: status, headers: headers)
            let name = Operation.operationName
            let decodable = Outcome { () throws(APIError) in
                try GraphQLResponseDecoder.decode(
                    Operation.Data.self, operation: name, response: response, body: body, errorPolicy: policy,
                    path: .decodable)
            }
            let automatic = Outcome { () throws(APIError) in
                try GraphQLResponseDecoder.decode(
                    Operation.Data.self, operation: name, response: response, body: body, errorPolicy: policy)
            }
            guard automatic == decodable else {
                fatalError(
                    "\(name): automatic \(automatic) != decodable \(decodable) for \(String(decoding: body, as: UTF8.self))"
                )
            }
            var fastTook = true
            let fast = Outcome { () throws(APIError) in
                guard
                    let result = try GraphQLResponseDecoder.decodeFastPathOnly(
                        Operation.Data.self, operation: name, response: response, body: body, errorPolicy: policy)
                else {
                    fastTook = false
                    throw APIError.cancelled(operation: name)
                }
                return result
            }
            if fastTook, fast != decodable {
                fatalError(
                    "\(name): fast \(fast) != decodable \(decodable) for \(String(decoding: body, as: UTF8.self))")
            }
        }
    }
    let tapes = TapeComparison.of(Operation.Data.self, body: body)
    if !tapes.agrees {
        fatalError(
            "\(Operation.operationName): the recorded tape is not the scanned one (\(tapes)) for "
                + String(decoding: body, as: UTF8.self))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFastDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let body = Data(bytes.dropFirst())
    // 0xF0 to 0xF7: the generated-code tests' operations; 0xF8 and above: Data Connect's scalars (UUID, LocalDate,
    // Timestamp, Any) through the generated types of the `data-connect-scalars` snippet; anything else: a LotteryAPI
    // operation.
    if bytes[0] >= 0xF8 {
        compare(BookingQuery.self, body)
        return 0
    }
    if bytes[0] >= 0xF0 {
        switch bytes[0] - 0xF0 {
        case 0: compare(AllAnimalsQuery.self, body)
        case 1: compare(AllAnimalsIncludeSkipQuery.self, body)
        case 2: compare(ClassroomPetsQuery.self, body)
        case 3: compare(DogQuery.self, body)
        case 4: compare(NestedConditionsQuery.self, body)
        case 5: compare(ViewsEncodingQuery.self, body)
        case 6: compare(ConditionalFragmentQuery.self, body)
        default: compare(CrocodilesQuery.self, body)
        }
        return 0
    }
    switch bytes[0] % 5 {
    case 0: compare(GameQuery.self, body)
    case 1: compare(GamesQuery.self, body)
    case 2: compare(DrawQuery.self, body)
    case 3: compare(DrawsQuery.self, body)
    default: compare(ImageQuery.self, body)
    }
    return 0
}
