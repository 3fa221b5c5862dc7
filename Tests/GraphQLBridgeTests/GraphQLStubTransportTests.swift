import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import ShopAPI
import Testing

/// Typed stubs of generated operations: answers built in Swift, sent as the server writes them, and the variables
/// read back typed.
@Suite("GraphQLStubTransport")
struct GraphQLStubTransportTests {
    static func client(_ transport: GraphQLStubTransport) throws -> GraphQLHTTPClient {
        GraphQLHTTPClient(endpoint: try #require(URL(string: "https://api.example/graphql")), transport: transport)
    }

    /// A closed offer as a server would describe it: a number past 2^53, a date, a discount.
    static let closedOffer = OfferDetails(
        id: "p1-9007199254740993", productId: "p1", number: 9_007_199_254_740_993, price: 43_623, stock: 0,
        tags: ["sale"], status: .closed, startsAt: Date(timeIntervalSince1970: 1_798_747_200), discount: 15)

    @Test("a stubbed Data comes back equal through the runtime client, with Long at Int64.max")
    func stubbedData() async throws {
        let product = ProductDetails(
            id: "p1", name: "Espresso machine", kind: .unknown("SCRATCH"), isFavorite: true, logo: nil, nextOffer: nil,
            lastOffer: Self.closedOffer, offersCount: Int64.max)
        let transport = GraphQLStubTransport()
        transport.stub(ProductQuery.self, data: ProductQuery.Data(product: product))
        let result = try await Self.client(transport).execute(ProductQuery(id: "p1"))
        #expect(result.data == ProductQuery.Data(product: product))
        #expect(result.data?.product?.offersCount == Int64.max)
        #expect(result.data?.product?.kind == .unknown("SCRATCH"))
    }

    @Test("the body is the server's JSON: Long as a number, DateTime as RFC 3339, enums raw, nil as null")
    func wireFormat() async throws {
        let transport = GraphQLStubTransport()
        var offer = Self.closedOffer
        offer = OfferDetails(
            id: offer.id, productId: offer.productId, number: offer.number, price: offer.price, stock: offer.stock,
            tags: offer.tags, status: offer.status, startsAt: offer.startsAt, discount: nil)
        transport.stub(OfferQuery.self, data: OfferQuery.Data(offer: offer))
        let recorder = BodyRecorder()
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "https://api.example/graphql")), transport: transport,
            middlewares: [recorder])
        _ = try await client.execute(OfferQuery(productId: "p1", number: 9_007_199_254_740_993))
        let body = try #require(recorder.lastBody)
        #expect(body.hasPrefix(#"{"data":{"offer":{"#))
        #expect(body.contains(#""number":9007199254740993"#))
        #expect(body.contains(#""startsAt":"2026-12-31T20:00:00Z""#))
        #expect(body.contains(#""status":"CLOSED""#))
        #expect(body.contains(#""discount":null"#))
        #expect(body.contains(#""__typename":"Offer""#))
    }

    @Test("stubs per variables: the most recent match answers; the variables are recorded typed")
    func perVariables() async throws {
        let transport = GraphQLStubTransport()
        transport.stub(ProductsQuery.self, data: ProductsQuery.Data(products: []))
        let food = ProductsQuery.Data.Product(id: "p2", name: "Coffee beans", kind: .food)
        transport.stub(
            ProductsQuery(kind: .some(.food), inStockOnly: false), data: ProductsQuery.Data(products: [food]))
        let client = try Self.client(transport)
        #expect(
            try await client.execute(ProductsQuery(kind: .some(.food), inStockOnly: false)).data?.products == [food])
        #expect(try await client.execute(ProductsQuery(kind: .null)).data?.products == [])
        #expect(try await client.execute(ProductsQuery()).data?.products == [])
        #expect(
            try transport.variables(of: ProductsQuery.self) == [
                .init(kind: .some(.food), inStockOnly: .some(false)), .init(kind: .null), .init(),
            ])
        #expect(try transport.variables(of: ProductQuery.self).isEmpty)
        #expect(transport.requests.count == 3)
    }

    @Test("an answer computed from the typed variables; errors beside the data")
    func computedAnswerAndErrors() async throws {
        let transport = GraphQLStubTransport()
        let pricesDown = GraphQLResponseFixture.error("Price service unavailable", path: [.field("offers")])
        let offers = (1...3).map { number in
            OfferDetails(
                id: "p3-\(number)", productId: "p3", number: Long(number), price: 100 * number, stock: number,
                tags: [], status: .open, startsAt: Date(timeIntervalSince1970: 0), discount: nil)
        }
        transport.stub(OffersQuery.self, errors: [pricesDown]) { variables in
            OffersQuery.Data(
                offers: variables.productId == "p3"
                    ? Array(offers.reversed().prefix(variables.last.unwrapped ?? 10)) : [])
        }
        let result = try await Self.client(transport).execute(
            OffersQuery(productId: "p3", last: 1), errorPolicy: .returnPartialData)
        #expect(result.data?.offers.map(\.number) == [3])
        #expect(result.errors.map(\.message) == ["Price service unavailable"])
    }

    @Test("a request without a stub fails saying which operation to stub and how")
    func missingStub() async throws {
        let transport = GraphQLStubTransport()
        transport.stub(ProductQuery(id: "p3"), data: ProductQuery.Data(product: nil))
        do {
            _ = try await Self.client(transport).execute(ProductQuery(id: "p1"))
            Issue.record("a request without a stub was answered")
        } catch {
            let message = "\(error)"
            #expect(message.contains(#"ProductQuery with variables {"id":"p1"} (request 1)"#), "\(message)")
            #expect(message.contains("`transport.stub(ProductQuery.self, data: ProductQuery.Data(...))`"), "\(message)")
            // A test's missing stub, not a network failure: no advice about the endpoint or the network.
            #expect(message.hasSuffix("to answer per variables."), "\(message)")
            #expect(!message.contains("Check the endpoint URL and the network"), "\(message)")
            guard let apiError = error as? APIError, case .unimplemented(let operation, _, _) = apiError else {
                Issue.record("expected APIError.unimplemented, got \(error)")
                return
            }
            #expect(operation == "Product")
        }
        #expect(transport.unstubbedRequests.map(\.operationName) == ["Product"])
    }
}

/// Keeps the last response body the client got.
final class BodyRecorder: GraphQLMiddleware, @unchecked Sendable {
    private struct State {
        var body: String?
    }

    private let state = Locked(State())

    var lastBody: String? { state.withLock { $0.body } }

    func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        let (response, data) = try await next(request, body, operationName)
        state.withLock { $0.body = String(decoding: data, as: UTF8.self) }
        return (response, data)
    }
}
