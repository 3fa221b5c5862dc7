import Foundation
import GraphQLBridge
import RuntimeTestSupport
import ShopAPI
import Testing

/// A fragment's data read and written on its own in a cache transaction (issue 31: "read and write a query's or a
/// fragment's data through generated types"), against the runtime tests' server: ShopAPI's generated
/// `ProductDetails` carries its own cache metadata; a product the catalog query wrote is read as `ProductDetails` by
/// its record key, and a `ProductDetails` written (the app marks what it knows) reaches every query that reads the
/// product and their watchers, with no request.
@Suite("Fragments read and written in a cache transaction")
struct FragmentEditTests {
    private static func productKey(_ product: ProductDetails) -> String {
        CacheRecord.objectKey(typeName: "Product", keyValues: [product.id])
    }

    private static func edited(_ product: ProductDetails, name: String, isFavorite: Bool) -> ProductDetails {
        ProductDetails(
            id: product.id, name: name, kind: product.kind, isFavorite: isFavorite, logo: product.logo,
            nextOffer: product.nextOffer, lastOffer: product.lastOffer, offersCount: product.offersCount)
    }

    @Test("a product the catalog wrote reads as ProductDetails by its key; a missing or partial object reads nil")
    func readsByKey() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock().function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, cache: cache)
        let listed = try #require(try await client.execute(CatalogQuery(kind: .some(.device))).data?.products)
        try #require(listed.count == 2)
        let read = try await cache.withinReadWriteTransaction { transaction in
            try listed.map { try transaction.read(ProductDetails.self, key: Self.productKey($0)) }
        }
        #expect(read == listed.map(Optional.some))
        // No such product; and a product whose record holds only what Products selects (id, name and kind), not
        // ProductDetails.
        _ = try await client.execute(ProductsQuery(kind: .some(.food)))
        let missing = try await cache.withinReadWriteTransaction { transaction in
            (
                try transaction.read(
                    ProductDetails.self, key: CacheRecord.objectKey(typeName: "Product", keyValues: ["p9"])),
                try transaction.read(
                    ProductDetails.self, key: CacheRecord.objectKey(typeName: "Product", keyValues: ["p4"]))
            )
        }
        #expect(missing.0 == nil)
        #expect(missing.1 == nil, "a fragment whose fields are not all in the record is a miss, never partial")
    }

    @Test("a ProductDetails written reaches the catalog query, the product redirect and a watcher, with no request")
    func writeReachesQueriesAndWatchers() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock().function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [counter], cache: cache)
        let query = CatalogQuery(kind: .some(.device))
        let listed = try #require(try await client.execute(query).data?.products)
        let target = try #require(listed.last)
        let watched = Collector<GraphQLResult<CatalogQuery.Data>>()
        let watch = Task {
            for try await result in client.watch(query, fetchPolicy: .cacheOnly) { await watched.append(result) }
        }
        defer { watch.cancel() }
        _ = try await watched.waitForCount(1)
        let requestsBefore = counter.total

        let changed = Self.edited(target, name: "Renamed by hand", isFavorite: true)
        try await cache.withinReadWriteTransaction { transaction in
            try transaction.write(changed, key: Self.productKey(target))
            // The transaction reads its own write.
            #expect(try transaction.read(ProductDetails.self, key: Self.productKey(target)) == changed)
        }
        let second = try await watched.waitForCount(2)
        #expect(second.data?.products.last == changed)
        #expect(second.data?.products.dropLast() == listed.dropLast(), "the other products unchanged")
        let catalog = try await client.execute(query, fetchPolicy: .cacheOnly)
        #expect(catalog.data?.products.last == changed && !catalog.isStale)
        let opened = try await client.execute(ProductQuery(id: target.id), fetchPolicy: .cacheOnly)
        #expect(opened.data?.product == changed, "the product(id:) redirect reads the written record")
        #expect(counter.total == requestsBefore, "no request")
        #expect(await watched.items.count == 2, "the watcher was signalled once")
    }

    @Test("a fragment on Query at the query root's key reads and writes the root fields every query reads")
    func queryRootFragment() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock().function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [counter], cache: cache)
        let query = ProductsQuery(kind: .some(.device))
        let listed = try #require(try await client.execute(query).data?.products)
        try #require(listed.count == 2)
        // Read: the root field the query wrote (before, a record named like the root, which nothing writes: nil).
        let shelf = try await cache.withinReadWriteTransaction { transaction in
            try transaction.read(DeviceShelf.self, key: CacheRecord.queryRootKey)
        }
        #expect(shelf?.products.map(\.id) == listed.map(\.id))
        #expect(shelf?.products.map(\.name) == listed.map(\.name))
        // Write: a shelf of one renamed product. The query reads it from the cache, fresh, with no request (before,
        // it went into a record no read reads: the query still read both products under their old names).
        let requestsBefore = counter.total
        let first = try #require(listed.first)
        let written = DeviceShelf(
            products: [DeviceShelf.Product(id: first.id, name: "Shelved by hand", kind: first.kind)])
        try await cache.withinReadWriteTransaction { transaction in
            try transaction.write(written, key: CacheRecord.queryRootKey)
        }
        let read = try await client.execute(query, fetchPolicy: .cacheOnly)
        #expect(read.data?.products.map(\.id) == [first.id])
        #expect(read.data?.products.first?.name == "Shelved by hand")
        #expect(!read.isStale)
        #expect(counter.total == requestsBefore, "no request")
    }

    /// A fragment written by hand: no cache metadata.
    struct HandWritten: GraphQLFragment, Encodable, Hashable {
        static let fragmentName = "HandWritten"
        static let typeCondition = "Product"
        static let fragmentDefinition = "fragment HandWritten on Product{id}"
        var id: String
    }

    @Test("a fragment without cache metadata is refused with a typed error, nothing written")
    func handWrittenRefused() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock().function)
        let key = CacheRecord.objectKey(typeName: "Product", keyValues: ["p1"])
        await #expect(throws: APIError.self) {
            try await cache.withinReadWriteTransaction { transaction in
                try transaction.write(HandWritten(id: "p1"), key: key)
            }
        }
        await #expect(throws: APIError.self) {
            try await cache.withinReadWriteTransaction { transaction in
                _ = try transaction.read(HandWritten.self, key: key)
            }
        }
        #expect(await cache.recordCount == 0)
    }
}
