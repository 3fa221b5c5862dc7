// Fuzz target `decoder` (scripts/fuzz.sh decoder): the GraphQLBridge runtime as a module, and the generated
// LotteryAPI types (Tests/GraphQLCodegenTests/Fixtures/Snapshots/LotteryAPI) and those of Data Connect's scalars
// (the `data-connect-scalars` snippet's expected.swift) with this harness. The first byte
// picks an operation; the rest is a response body, decoded as that operation's result with both error policies
// and parsed by `JSONValue(parsing:)`. Errors are expected; a crash is a bug. A body JSONValue parses exactly
// must be JSON to Foundation too, and its strings must read the same. The cache's two readings of a body (its tape,
// and the parsed tree) must give the same records whenever the tape takes it, and the body normalized again after
// itself (its objects taken as they were written) the same writes; the body with a byte changed or added after it,
// patched in place only as its tape patches it.
import Foundation
@_spi(Testing) import GraphQLBridge

func decode<Operation: GraphQLOperation>(_ operation: Operation.Type, _ body: Data) {
    if let metadata = Operation.cacheMetadata {
        let records = metadata.normalizedRecords(body: body, variables: [:], receivedAt: Date(timeIntervalSince1970: 0))
        if let tape = records.tape, tape != records.tree {
            fatalError("the tape and the tree give different records: \(String(decoding: body, as: UTF8.self))")
        }
        // After itself (its objects taken as the previous answer wrote them): the same writes.
        if let again = metadata.normalizationDifferences(
            body: body, previous: body, variables: [:], receivedAt: Date(timeIntervalSince1970: 30),
            previousReceivedAt: Date(timeIntervalSince1970: 0)), !again.differences.isEmpty
        {
            fatalError("after itself, other writes: \(again.differences): \(String(decoding: body, as: UTF8.self))")
        }
        // After itself with a byte in its middle changed, or one more put there (a leaf's value of another length, or
        // anything else): patched in place only as its tape patches it, into the tape the body has.
        if body.count > 2 {
            let bytes = [UInt8](body)
            let middle = bytes.count / 2
            var changed = bytes
            changed[middle] = bytes[middle] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
            var longer = bytes
            longer.insert(UInt8(ascii: "7"), at: middle)
            for edited in [changed, longer] {
                if let patch = metadata.patchDifferences(body: Data(edited), previous: body, variables: [:]),
                    !patch.differences.isEmpty
                {
                    fatalError(
                        "patched in place otherwise than by the tape: \(patch.differences): "
                            + "\(String(decoding: edited, as: UTF8.self)) after \(String(decoding: body, as: UTF8.self))"
                    )
                }
            }
        }
    }
    for policy in [GraphQLErrorPolicy.failOnAnyError, .returnPartialData] {
        for status in [200, 400] {
            var headers = HTTPHeaders()
            headers["Content-Type"] = GraphQLResponseDecoder.graphQLResponseMediaType
            _ = try? GraphQLResponseDecoder.decode(
                Operation.Data.self, operation: Operation.operationName,
                response: HTTPResponse(status: status, headers: headers), body: body, errorPolicy: policy)
        }
    }
}

/// Whether every string reads the same in both trees (of a key written twice, both parsers keep the last member).
func sameStrings(_ value: JSONValue, _ object: Any) -> Bool {
    switch value {
    case .string(let text): return (object as? String) == text
    case .array(let items):
        guard let others = object as? [Any], others.count == items.count else { return false }
        return zip(items, others).allSatisfy { sameStrings($0, $1) }
    case .object(let members):
        guard let others = object as? [String: Any], Set(others.keys) == Set(members.keys) else { return false }
        return members.allSatisfy { key, member in others[key].map { sameStrings(member, $0) } ?? false }
    default: return true
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let body = Data(bytes.dropFirst())
    // 0xF0 and above: Data Connect's scalars (UUID, LocalDate, Timestamp, Any) through the generated types of the
    // `data-connect-scalars` snippet; anything else: a LotteryAPI operation.
    switch bytes[0] >= 0xF0 ? 5 : bytes[0] % 5 {
    case 5: decode(BookingQuery.self, body)
    case 0: decode(GameQuery.self, body)
    case 1: decode(GamesQuery.self, body)
    case 2: decode(DrawQuery.self, body)
    case 3: decode(DrawsQuery.self, body)
    default: decode(ImageQuery.self, body)
    }
    let parsed = try? JSONValue(parsing: body)
    let foundation = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    if let parsed, let foundation, !sameStrings(parsed, foundation) {
        fatalError("JSONValue(parsing:) reads a string unlike Foundation: \(String(decoding: body, as: UTF8.self))")
    }
    if parsed != nil, foundation == nil {
        // Foundation rejects numbers beyond Double (1E400), which JSONValue keeps as text: only a body without
        // exponents is a disagreement.
        if !body.contains(UInt8(ascii: "e")) && !body.contains(UInt8(ascii: "E")) {
            fatalError("JSONValue(parsing:) accepts what Foundation rejects: \(String(decoding: body, as: UTF8.self))")
        }
    }
    return 0
}
