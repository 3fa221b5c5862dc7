import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// `RequestOverrides` and `OverridableClient`: an app's own request enum answered in tests, unimplemented by default.
@Suite("Request overrides for an app's own request enum")
struct RequestOverridesTests {
    /// The test's own app: its requests...
    enum ShopRequest: OverridableRequest, Hashable {
        case product(id: String)
        case basket
        case search(text: String, limit: Int)

        var operationName: String {
            switch self {
            case .product: "Product"
            case .basket: "Basket"
            case .search: "Search"
            }
        }

        var responseTypeDescription: String {
            switch self {
            case .product: "Product"
            case .basket: "[String]"
            case .search: "[Product]"
            }
        }
    }

    /// ... its model ...
    struct Product: Sendable, Equatable {
        var id: String
        var name: String
    }

    /// ... and its client, whose live path is counted.
    final class ShopClient: OverridableClient, Sendable {
        let overrides: RequestOverrides<ShopRequest>
        let liveCalls = LiveCalls()

        init(overrides: RequestOverrides<ShopRequest>) {
            self.overrides = overrides
        }

        static func unimplemented() -> ShopClient {
            ShopClient(overrides: RequestOverrides(testDouble: "ShopClient.unimplemented()"))
        }

        static func live() -> ShopClient {
            ShopClient(overrides: RequestOverrides(unimplemented: false))
        }

        func product(id: String) async throws(APIError) -> Product {
            try await overrides.response(to: .product(id: id)) { () async throws(APIError) in
                liveCalls.record()
                return Product(id: id, name: "from the server")
            }
        }

        func basket() async throws(APIError) -> [String] {
            try await overrides.response(to: .basket) { () async throws(APIError) in
                liveCalls.record()
                return ["from the server"]
            }
        }
    }

    /// How many requests reached the live path.
    final class LiveCalls: Sendable {
        private let count = Locked(0)
        var value: Int { count.value }
        func record() { count.withLock { $0 += 1 } }
    }

    /// A request enum with neither a description nor response types: the defaults.
    enum PlainRequest: OverridableRequest {
        case ping(times: Int)
        var operationName: String { "Ping" }
    }

    static let apple = Product(id: "p1", name: "Apple")

    @Test("unimplemented: a request no override answers fails naming it and the override to add, and is listed")
    func unimplemented() async {
        let client = ShopClient.unimplemented()
        let error = await #expect(throws: APIError.self) { try await client.product(id: "p9") }
        guard case .unimplemented(let operation, let request, let advice)? = error else {
            Issue.record("expected .unimplemented, got \(String(describing: error))")
            return
        }
        #expect(operation == "Product")
        #expect(request == #"product(id: "p9")"#)
        #expect(advice.contains(#"`.override(.product(id: "p9"), with: <Product>)`"#), "pasted, it compiles")
        #expect(advice.contains("ShopClient.unimplemented()"))
        #expect(error?.localizedDescription.contains(#"the test did not override product(id: "p9")"#) == true)
        await #expect(throws: APIError.self) { try await client.basket() }
        #expect(client.unimplementedRequests == [.product(id: "p9"), .basket])
        #expect(client.requests == client.unimplementedRequests)
        #expect(client.liveCalls.value == 0)
    }

    @Test("overrides by request and by predicate, with a value or an error; the most recent match answers")
    func overrides() async throws {
        let client = ShopClient.unimplemented()
            .override(.product(id: "p1"), with: Self.apple)
            .override(
                matching: { if case .product(let id) = $0 { id.hasPrefix("x") } else { false } },
                with: Product(id: "x", name: "any x")
            )
            .override(.basket, with: APIError.httpStatus(operation: "Basket", status: 401, bodyExcerpt: "log in"))
        #expect(try await client.product(id: "p1") == Self.apple)
        #expect(try await client.product(id: "x42").name == "any x")
        await #expect(throws: APIError.httpStatus(operation: "Basket", status: 401, bodyExcerpt: "log in")) {
            try await client.basket()
        }
        #expect(client.unimplementedRequests.isEmpty)
        #expect(client.requests == [.product(id: "p1"), .product(id: "x42"), .basket])

        client.override(.product(id: "p1"), with: Product(id: "p1", name: "Apple, renamed"))
        #expect(try await client.product(id: "p1").name == "Apple, renamed")
        client.override(matching: { _ in true }, with: APIError.cancelled(operation: "any"))
        await #expect(throws: APIError.cancelled(operation: "any")) { try await client.product(id: "p1") }
        #expect(client.liveCalls.value == 0)
    }

    @Test("an override of the wrong type is a typed error naming both types")
    func wrongType() throws {
        let overrides = RequestOverrides<ShopRequest>().override(.basket, with: Self.apple)
        let error = try #require(throws: APIError.self) { try overrides.answer(.basket, as: [String].self) }
        guard case .unexpectedResponseType(let operation, let expected, let actual) = error else {
            Issue.record("expected .unexpectedResponseType, got \(error)")
            return
        }
        #expect(operation == "Basket")
        #expect(expected == "Array<String>")
        #expect(actual.contains("[String]") && actual.contains("Product"))
    }

    @Test("a live client: an override answers its request, the others go to the live path, nothing is recorded")
    func live() async throws {
        let client = ShopClient.live().override(.product(id: "p1"), with: Self.apple)
        #expect(try await client.product(id: "p1") == Self.apple)
        #expect(try await client.product(id: "p2").name == "from the server")
        #expect(try await client.basket() == ["from the server"])
        #expect(client.liveCalls.value == 2)
        #expect(client.requests.isEmpty && client.unimplementedRequests.isEmpty)
        #expect(try client.overrides.answer(.search(text: "a", limit: 1), as: [Product].self) == nil)
    }

    @Test("a request type with the defaults: shown as Swift prints the case, its response type as Response")
    func defaults() throws {
        let overrides = RequestOverrides<PlainRequest>()
        let error = try #require(throws: APIError.self) { try overrides.answer(.ping(times: 2), as: Int.self) }
        #expect(
            error
                == .unimplemented(
                    operation: "Ping", request: "ping(times: 2)",
                    advice: "Add `.override(.ping(times: 2), with: <Response>)` (or `with: APIError...`) to the test's "
                        + "test double"))
        overrides.override(.ping(times: 2), with: 2)
        #expect(try overrides.answer(.ping(times: 2), as: Int.self) == 2)
        #expect(overrides.unimplementedRequests == [.ping(times: 2)])
    }

    @Test("used from many tasks at once: every request is recorded once")
    func concurrent() async {
        let client = ShopClient.unimplemented().override(matching: { _ in true }, with: Self.apple)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) { client.override(.product(id: "p\(index)"), with: Self.apple) }
                    _ = try? await client.product(id: "p\(index)")
                }
            }
        }
        #expect(client.requests.count == 200)
        #expect(Set(client.requests).count == 200)
        #expect(client.unimplementedRequests.isEmpty)
    }

    @Test("UnimplementedTransport: an operation sent around the overrides fails naming the double")
    func unimplementedTransport() async throws {
        let endpoint = try #require(URL(string: "https://unimplemented.invalid/graphql"))
        let transport = UnimplementedTransport(testDouble: "ShopClient.unimplemented()")
        let request = HTTPRequest(url: endpoint)
        let error = await #expect(throws: APIError.self) {
            _ = try await transport.send(request, body: Data(), operationName: "Product")
        }
        guard case .unimplemented(let operation, _, let advice)? = error else {
            Issue.record("expected .unimplemented, got \(String(describing: error))")
            return
        }
        #expect(operation == "Product")
        #expect(advice.contains("ShopClient.unimplemented() has no server"))
    }
}
