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

    @Test("a nullable scalar (ClassroomPets' humanName), null then a string: declined, both paths agree")
    func nullableScalar() throws {
        let text =
            #"{"data":{"classroomPets":[{"__typename":"Rat","humanName":null,"species":"Rattus","humanName":"Rocky"}]}}"#
        let (fast, automatic, decodable) = try Self.outcomes(ClassroomPetsQuery.Data.self, text)
        #expect(fast == nil)
        #expect(automatic == decodable)
        // The same field once, and a string then null: read by the fast path, the same value as `Decodable`'s.
        let once = #"{"data":{"classroomPets":[{"__typename":"Rat","humanName":"Rocky","species":"Rattus"}]}}"#
        let single = try Self.outcomes(ClassroomPetsQuery.Data.self, once)
        #expect(single.fast?.data == single.decodable)
        let reversed =
            #"{"data":{"classroomPets":[{"__typename":"Rat","humanName":"Rocky","species":"Rattus","humanName":null}]}}"#
        let other = try Self.outcomes(ClassroomPetsQuery.Data.self, reversed)
        #expect(other.fast == nil)
        #expect(other.automatic == other.decodable)
    }

    @Test("a nullable list (classroomPets), null then a list: declined, both paths agree")
    func nullableList() throws {
        let list =
            #"{"data":{"classroomPets":null,"classroomPets":[{"__typename":"Rat","humanName":"Rocky","species":"R"}]}}"#
        let (fast, automatic, decodable) = try Self.outcomes(ClassroomPetsQuery.Data.self, list)
        #expect(fast == nil)
        #expect(automatic == decodable)
    }
}
