import Foundation
import ShopAPI
import Testing

@testable import GraphQLBridge

/// The generated `variablesJSON` (the variables written without an encoder, for cache keys and request bodies) must
/// be exactly what encoding `variables` gives: the same members with the same values.
@Suite("Generated variablesJSON")
struct VariablesJSONTests {
    /// `variables` through the client's encoder, read back as the client read them before `variablesJSON`.
    static func encoded<Operation: GraphQLOperation>(_ operation: Operation) throws -> [String: JSONValue] {
        let data = try GraphQLHTTPClient.sharedVariablesEncoder.encode(operation.variables)
        guard case .object(let members) = try JSONValue(parsing: data) else {
            throw GraphQLDecodingError(path: "variables", expected: "an object", found: nil, reason: "not an object")
        }
        return members.dictionary
    }

    /// Strings that need escaping, and the integers at the ends of their types.
    static let awkwardStrings = ["p1", "", "quote \" backslash \\ slash /", "line\nbreak\ttab\u{1}", "é 😀 \u{2028}"]

    @Test("every ShopAPI operation: variablesJSON equals the encoded variables, for every presence of each value")
    func shopOperations() throws {
        for text in Self.awkwardStrings {
            let product = ProductQuery(id: text)
            #expect(product.variablesJSON == (try Self.encoded(product)))
            let image = ImageQuery(id: text)
            #expect(image.variablesJSON == (try Self.encoded(image)))
            for favorite in [true, false] {
                let mutation = SetFavoriteMutation(productId: text, favorite: favorite)
                #expect(mutation.variablesJSON == (try Self.encoded(mutation)))
            }
            for number in [Long.min, -1, 0, 1, Long.max] {
                let offer = OfferQuery(productId: text, number: number)
                #expect(offer.variablesJSON == (try Self.encoded(offer)))
            }
            let lasts: [GraphQLNullable<Int>] = [.none, .null, .some(0), .some(Int.min), .some(Int.max)]
            let befores: [GraphQLNullable<Long>] = [.none, .null, .some(Long.min), .some(42)]
            for last in lasts {
                for before in befores {
                    let offers = OffersQuery(productId: text, last: last, before: before)
                    #expect(offers.variablesJSON == (try Self.encoded(offers)), "last \(last), before \(before)")
                }
            }
        }
        let kinds: [GraphQLNullable<ProductKind>] = [.none, .null, .some(.device), .some(.unknown("SCRATCH \"CARD\""))]
        for kind in kinds {
            for inStockOnly in [GraphQLNullable<Bool>.none, .null, true, false] {
                let products = ProductsQuery(kind: kind, inStockOnly: inStockOnly)
                #expect(
                    products.variablesJSON == (try Self.encoded(products)), "kind \(kind), inStockOnly \(inStockOnly)")
            }
        }
        #expect(ProductsQuery().variablesJSON == [:])
    }

    @Test("an omitted nullable variable is absent, an explicit null is null")
    func presence() {
        #expect(OffersQuery(productId: "p1").variablesJSON == ["productId": .string("p1")])
        #expect(
            OffersQuery(productId: "p1", last: .null, before: 7).variablesJSON
                == ["productId": .string("p1"), "last": .null, "before": .number("7")])
    }

    /// A date variable as the generator writes it (`DateTimeScalar.format`), against the encoder's date strategy.
    struct DatedQuery: GraphQLQuery {
        static let operationName = "Dated"
        static let document = "query Dated($since:DateTime){draws(since:$since){number}}"
        struct Variables: Encodable, Sendable {
            var since: Date?
            enum CodingKeys: String, CodingKey { case since }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(since.map { DateTimeScalar.format($0) }, forKey: .since)
            }
        }
        struct Data: Decodable, Sendable {}
        var since: Date?
        var variables: Variables { Variables(since: since) }
        var variablesJSON: [String: JSONValue]? {
            var json: [String: JSONValue] = [:]
            if let value = self.since { json["since"] = .string(DateTimeScalar.format(value)) }
            return json
        }
    }

    struct NoVariablesQuery: GraphQLQuery {
        static let operationName = "Everything"
        static let document = "query Everything{games{id}}"
        struct Data: Decodable, Sendable {}
    }

    @Test("an operation without variables has an empty object")
    func noVariables() throws {
        #expect(NoVariablesQuery().variablesJSON == [:])
        #expect(try Self.encoded(NoVariablesQuery()) == [:])
    }

    @Test("a DateTime variable is the encoder's RFC 3339 text", arguments: [nil, 0, 1_733_000_000.125, -86_400.5])
    func dates(seconds: Double?) throws {
        let query = DatedQuery(since: seconds.map { Date(timeIntervalSince1970: $0) })
        #expect(query.variablesJSON == (try Self.encoded(query)))
    }

    @Test("the request body written from variablesJSON is the encoder's body, member for member")
    func requestBody() throws {
        let query = OffersQuery(productId: "quote \" and \\ and /", last: 5, before: .null)
        let fast = OperationTypeCache.shared.requestBody(OffersQuery.self, variables: query.variablesJSON ?? [:])
        let encoded = try GraphQLHTTPClient.sharedVariablesEncoder.encode(
            RequestBody(
                query: OffersQuery.document, operationName: OffersQuery.operationName, variables: query.variables)
        )
        #expect(try JSONValue(parsing: fast) == JSONValue(parsing: encoded))
        // The second body of the type reuses the kept prefix.
        let again = OperationTypeCache.shared.requestBody(OffersQuery.self, variables: ["productId": .string("x")])
        #expect(
            try JSONValue(parsing: again)
                == .object([
                    "query": .string(OffersQuery.document), "operationName": .string("Offers"),
                    "variables": .object(["productId": .string("x")]),
                ]))
    }
}
