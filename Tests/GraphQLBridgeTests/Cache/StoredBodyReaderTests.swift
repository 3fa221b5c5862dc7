import Foundation
import GraphQLMigration
import ShopAPI
import Testing

@testable import GraphQLBridge

/// `StoredBodyReader`: the data of a body the cache wrote (`{"data":{…}}`), read by the generated decoder alone. It
/// must give exactly what the server-answer decoder gives, or `nil` (the cache then decodes the body as a server's
/// answer), whatever the body.
@Suite("StoredBodyReader")
struct StoredBodyReaderTests {
    /// A product as the cache stores it: its data, without whitespace, in an envelope of its own.
    static func storedProduct() throws -> Data {
        let answer = try ShopFixture.data("product-p1.graphql.json")
        guard case .object(let members) = try JSONValue(parsing: answer), let data = members.dictionary["data"] else {
            throw ShopFixture.Missing(name: "product data")
        }
        var text: [UInt8] = []
        JSONValue.object(JSONObject(["data": data])).writeJSONText(to: &text)
        return Data(text)
    }

    /// What the server-answer decoder gives `body`: its data, or `nil` when it throws or has none.
    static func decoded<T: Decodable & Sendable>(_ type: T.Type, _ body: Data) -> T? {
        (try? GraphQLResponseDecoder.decode(
            T.self, operation: "Product", response: HTTPResponse(status: 200), body: body,
            errorPolicy: .failOnAnyError))?.data
    }

    @Test("a stored body: the same data as the server-answer decoder's, and the cache's result as before")
    func readsStoredBody() throws {
        let body = try Self.storedProduct()
        let data = try #require(StoredBodyReader.data(ProductQuery.Data.self, body: body))
        #expect(data == Self.decoded(ProductQuery.Data.self, body))
        #expect(data.product?.lastOffer?.tags == ["sale", "last units", "café ☕"])
        // The cache's decoded result is the one the server-answer decoder gives, field by field.
        let result = try GraphQLCache.decodedResult(ProductQuery.Data.self, operationName: "Product", body: body)
        let expected = try GraphQLResponseDecoder.decode(
            ProductQuery.Data.self, operation: "Product", response: HTTPResponse(status: 200), body: body,
            errorPolicy: .failOnAnyError)
        #expect(result.data == expected.data && result.byteCount == expected.byteCount)
        #expect(result.errors.isEmpty && result.extensions.isEmpty && result.httpResponse == expected.httpResponse)
    }

    /// A data type with no generated decoder.
    struct PlainData: Decodable, Sendable, Equatable {
        struct Product: Decodable, Sendable, Equatable { var id: String }
        var product: Product?
    }

    @Test(
        "declined (nil), and decoded as a server's answer instead: any other shape, or a type without a generated decoder",
        arguments: [
            #"{"data":null}"#, #"{}"#, "[]", "", " ", #"{"errors":[{"message":"no"}],"data":{"product":null}}"#,
            #"{"data":{"product":null},"errors":[{"message":"no"}]}"#, #"{"data":{"product":null},"extensions":{}}"#,
            #"{"data":{"product":null}} x"#, #"{"data":{"product":null}"#, #"{"dat":{"product":null}}"#,
            #"{"data":{"product":{"__typename":"Product"}}}"#, #"{"data":{"product":null},"data":{"product":null}}"#,
        ])
    func declines(body: String) throws {
        #expect(StoredBodyReader.data(ProductQuery.Data.self, body: Data(body.utf8)) == nil)
        // What the cache's read gives then is the server-answer decoder's (its data, or its error).
        let cached = try? GraphQLCache.decodedResult(
            ProductQuery.Data.self, operationName: "Product", body: Data(body.utf8))
        #expect(cached?.data == Self.decoded(ProductQuery.Data.self, Data(body.utf8)))
    }

    @Test("a type without a generated decoder is declined, and decoded through Decodable by the cache")
    func plainType() throws {
        let body = Data(#"{"data":{"product":{"id":"p1"}}}"#.utf8)
        #expect(StoredBodyReader.data(PlainData.self, body: body) == nil)
        let result = try GraphQLCache.decodedResult(PlainData.self, operationName: "Product", body: body)
        #expect(result.data == PlainData(product: .init(id: "p1")))
    }

    @Test("a stored body changed at random (a damaged file): nil, or exactly the server-answer decoder's data, seeded")
    func damagedBodies() throws {
        let body = [UInt8](try Self.storedProduct())
        var generator = SplitMix64(seed: 28_2026)
        var accepted = 0
        for round in 0..<2_000 {
            var damaged = body
            for _ in 0..<Int(generator.next() % 3 + 1) {
                let index = Int(generator.next() % UInt64(damaged.count))
                switch generator.next() % 3 {
                case 0: damaged[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: damaged.remove(at: index)
                default: damaged.insert(Array(#"{}[]",:0n\ "#.utf8)[Int(generator.next() % 11)], at: index)
                }
            }
            let read = StoredBodyReader.data(ProductQuery.Data.self, body: Data(damaged))
            if let read {
                accepted += 1
                #expect(read == Self.decoded(ProductQuery.Data.self, Data(damaged)), "round \(round)")
            }
        }
        // Some changes (a digit, a letter of a string) leave a body both decoders read.
        #expect(accepted > 0)
    }
}
