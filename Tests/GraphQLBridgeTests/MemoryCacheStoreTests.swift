import Foundation
import Testing

@testable import GraphQLBridge

/// The memory store: least-recently-used trimming under a byte limit, and normalization of a response by
/// metadata (records by key, arguments in field keys, unkeyed objects under their path, error fields left out).
@Suite("Memory cache store and normalizer")
struct MemoryCacheStoreTests {
    private func record(_ key: String, _ text: String) -> CacheRecord {
        CacheRecord(
            key: key,
            fields: [
                "value": CacheFieldEntry(value: .scalar(.string(text)), receivedAt: Date(timeIntervalSince1970: 0))
            ])
    }

    @Test("trim removes the least recently used records first; a read counts as a use")
    func lruOrder() {
        let store = MemoryCacheStore()
        store.write([record("a", "1"), record("b", "2"), record("c", "3")])
        _ = store.records(forKeys: ["a"])
        let perRecord = store.byteCount() / 3
        let removed = store.trim(toBytes: perRecord * 2, sparing: [])
        #expect(removed == ["b"])
        #expect(Set(store.allKeys()) == ["a", "c"])
        store.removeAll()
        #expect(store.byteCount() == 0 && store.allKeys().isEmpty)
    }

    @Test("normalizing: keyed objects once, arguments in field keys, unkeyed objects by path, error fields skipped")
    func normalizer() {
        let metadata = GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Query",
                [
                    GraphQLFieldMetadata(
                        "games", arguments: ["type": .variable("type"), "limit": .literal(.number("2"))],
                        selections: GraphQLSelectionSetMetadata(
                            typeName: "Game",
                            [
                                GraphQLFieldMetadata("id"), GraphQLFieldMetadata("name"),
                                GraphQLFieldMetadata(
                                    "stats",
                                    selections: GraphQLSelectionSetMetadata(
                                        typeName: "Stats", [GraphQLFieldMetadata("count")])),
                            ]))
                ]))
        var normalizer = CacheNormalizer(
            metadata: metadata, variables: ["type": .string("LOTTO")], receivedAt: Date(timeIntervalSince1970: 0),
            serverMaxAge: nil, defaultMaxAge: .zero)
        normalizer.normalize(
            data: [
                "games": .array([
                    .object(["id": .string("a"), "name": .string("A"), "stats": .object(["count": .number("1")])]),
                    .object(["id": .string("b"), "name": .null, "stats": .null]),
                ])
            ], errors: [GraphQLError(message: "down", path: [.field("games"), .index(1), .field("name")])],
            rootKey: "QUERY_ROOT")
        let records = normalizer.records
        let listKey = "games({\"limit\":2,\"type\":\"LOTTO\"})"
        #expect(
            records["QUERY_ROOT." + listKey]?.fields[listKey]?.value
                == .list([.reference("Game:a"), .reference("Game:b")]))
        #expect(records["Game:a"]?.fields["stats"]?.value == .reference("Game:a.stats"))
        #expect(records["Game:a.stats"]?.fields["count"]?.value == .scalar(.number("1")))
        #expect(records["Game:b"]?.fields["name"]?.value == .missing, "a field with an error is not cached as data")
        #expect(records["Game:b"]?.fields["stats"]?.value == .null)
    }
}
