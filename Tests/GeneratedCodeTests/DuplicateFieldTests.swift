import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLCodegenTestSupport
import Testing

/// A field given twice in one object, the first time `null`: the generated one-pass decoder declines it (the
/// `Decodable` path then reads it), so both paths give the same value. Before, the decoder stored a `null` read as
/// "not read yet" (the compiler typed `readOptional` as returning `T??`), took the second value, and disagreed with
/// `Decodable` (found by the `fastdecoder` fuzz target in CI).
@Suite("A nullable field given twice")
struct DuplicateFieldTests {
    static func outcomes<Data: GraphQLFastDecodable & Hashable>(_ type: Data.Type, _ text: String) throws
        -> (fast: GraphQLResult<Data>?, automatic: Data?, decodable: Data?)
    {
        let body = Foundation.Data(text.utf8)
        let response = HTTPResponse(status: 200)
        let fast = try GraphQLResponseDecoder.decodeFastPathOnly(
            Data.self, operation: "Op", response: response, body: body, errorPolicy: .failOnAnyError)
        let automatic = try GraphQLResponseDecoder.decode(
            Data.self, operation: "Op", response: response, body: body, errorPolicy: .failOnAnyError)
        let decodable = try GraphQLResponseDecoder.decode(
            Data.self, operation: "Op", response: response, body: body, errorPolicy: .failOnAnyError,
            path: .decodable)
        return (fast, automatic.data, decodable.data)
    }

    /// Expects the fast path alone to decline `text` (a ClassroomPets answer), and both paths to give one value.
    static func expectDeclined(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (fast, automatic, decodable) = try outcomes(ClassroomPetsQuery.Data.self, text)
        #expect(fast == nil, sourceLocation: sourceLocation)
        #expect(automatic == decodable, sourceLocation: sourceLocation)
    }

    @Test("a nullable scalar (ClassroomPets' humanName), null then a string: declined, both paths agree")
    func nullableScalar() throws {
        try Self.expectDeclined(
            #"{"data":{"classroomPets":[{"__typename":"Rat","humanName":null,"species":"Rattus","humanName":"Rocky"}]}}"#
        )
        // The same field once: read by the fast path, the same value as `Decodable`'s.
        let once = #"{"data":{"classroomPets":[{"__typename":"Rat","humanName":"Rocky","species":"Rattus"}]}}"#
        let single = try Self.outcomes(ClassroomPetsQuery.Data.self, once)
        #expect(single.fast?.data == single.decodable)
        // A string then null: declined too.
        try Self.expectDeclined(
            #"{"data":{"classroomPets":[{"__typename":"Rat","humanName":"Rocky","species":"Rattus","humanName":null}]}}"#
        )
    }

    @Test("a nullable list (classroomPets), null then a list: declined, both paths agree")
    func nullableList() throws {
        try Self.expectDeclined(
            #"{"data":{"classroomPets":null,"classroomPets":[{"__typename":"Rat","humanName":"Rocky","species":"R"}]}}"#
        )
    }
}
