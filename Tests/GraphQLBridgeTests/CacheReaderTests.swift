import Foundation
import GraphQLBridgeSupport
import Testing

@testable import GraphQLBridge

/// `CacheReader`: the response rebuilt from records as JSON bytes, with members in selection order, scalars as the
/// server sent them and strings escaped, equal to the server's response once decoded, from either store.
@Suite("CacheReader")
struct CacheReaderTests {
    static func field(
        _ name: String, alias: String? = nil, arguments: [String: GraphQLArgumentValue] = [:],
        _ selections: GraphQLSelectionSetMetadata? = nil
    ) -> GraphQLFieldMetadata {
        GraphQLFieldMetadata(name, alias: alias, arguments: arguments, selections: selections)
    }

    /// `query($id: ID!) { hero: game(id: $id) { … } latest: game(id: "2") { id title: name } }`.
    static let metadata = GraphQLCacheMetadata(
        selections: GraphQLSelectionSetMetadata(
            typeName: "Query",
            [
                field(
                    "game", alias: "hero", arguments: ["id": .variable("id")],
                    GraphQLSelectionSetMetadata(
                        typeName: "Game",
                        [
                            field("__typename"), field("id"), field("name"), field("name", alias: "title"),
                            field("nothing"), field("quote"), field("price"), field("big"), field("meta"),
                            field("tags"), field("grid"),
                            field(
                                "draws", arguments: ["last": .literal(.number("2"))],
                                GraphQLSelectionSetMetadata(typeName: "Draw", [field("id"), field("number")])),
                            field(
                                "matrix", GraphQLSelectionSetMetadata(typeName: "Cell", [field("value")])),
                            field(
                                "items",
                                GraphQLSelectionSetMetadata(
                                    typeName: nil, [field("__typename")],
                                    conditions: [
                                        GraphQLTypeConditionMetadata(
                                            possibleTypes: ["Ticket"],
                                            GraphQLSelectionSetMetadata(
                                                typeName: "Ticket", [field("price"), field("numbers")])),
                                        GraphQLTypeConditionMetadata(
                                            possibleTypes: ["Coupon"],
                                            GraphQLSelectionSetMetadata(typeName: "Coupon", [field("code")])),
                                    ])),
                            field("logo", GraphQLSelectionSetMetadata(typeName: "Image", [field("url")])),
                        ])),
                field(
                    "game", alias: "latest", arguments: ["id": .literal(.string("2"))],
                    GraphQLSelectionSetMetadata(typeName: "Game", [field("id"), field("name", alias: "title")])),
            ]))

    static let variables: [String: JSONValue] = ["id": .string("6x45")]

    /// The server's response, compact and with members in selection order: what the reader must write.
    static let response = #"""
        {"data":{"hero":{"__typename":"Game","id":"6x45","name":"Lotto \"6\" \\ aus 49","title":"Lotto \"6\" \\ aus 49",\#
        "nothing":null,"quote":"line\nnext\ttab\r\u0001\u001f é 🎲 \/","price":12345678901234567890.123456789,\#
        "big":-1E400,"meta":{"a":[1,"b",null],"z":{"k\"ey":true}},"tags":["x","y\n"],"grid":[[1,2],[],[3]],\#
        "draws":[{"id":"d1","number":1},{"id":"d2","number":2}],"matrix":[[{"value":1},null],[{"value":2}]],\#
        "items":[{"__typename":"Ticket","price":2.5,"numbers":[1,2,3]},{"__typename":"Coupon","code":"FREE"},null],\#
        "logo":null},"latest":{"id":"2","title":"Keno"}}}
        """#

    /// What the reader writes for it: `\/` needs no escape, `\u0001` is written in lowercase hex.
    static let rebuilt = response.replacingOccurrences(of: #"\/"#, with: "/")

    static func serverData() throws -> JSONObject {
        guard case .object(let members) = try JSONValue(parsing: Data(response.utf8)),
            case .object(let data)? = members["data"]
        else { throw CacheReaderTestFailure("the response has no data") }
        return data
    }

    @Test("the bytes written from memory records: selection order, exact numbers, escapes, aliases, conditions")
    func exactBytes() throws {
        let store = MemoryCacheStore()
        var normalizer = CacheNormalizer(
            metadata: Self.metadata, variables: Self.variables, receivedAt: Date(timeIntervalSince1970: 1_000),
            serverMaxAge: .seconds(30), defaultMaxAge: .zero)
        normalizer.normalize(data: try Self.serverData(), errors: [], rootKey: CacheRecord.queryRootKey)
        store.write(Array(normalizer.records.values))
        var loads: [[String]] = []
        var reader = CacheReader(
            metadata: Self.metadata, variables: Self.variables, now: Date(timeIntervalSince1970: 1_010),
            defaultMaxAge: .zero,
            load: { keys in
                loads.append(keys)
                return store.records(forKeys: keys)
            })
        let response = reader.readResponse(rootKey: CacheRecord.queryRootKey)
        let bytes = try #require(response)
        #expect(String(decoding: bytes, as: UTF8.self) == Self.rebuilt)
        #expect(reader.missingPath == nil)
        #expect(!reader.isStale)
        #expect(reader.earliestExpiry == Date(timeIntervalSince1970: 1_030))
        #expect(reader.dependencies == Set(normalizer.records.keys))
        // Both root fields in one load; the game's draws, cells and items at once.
        #expect(
            loads.contains { Set($0) == ["QUERY_ROOT.game({\"id\":\"6x45\"})", "QUERY_ROOT.game({\"id\":\"2\"})"] })
        #expect(loads.contains { Set(["Draw:d1", "Draw:d2", "Game:6x45.matrix.1.0"]).isSubset(of: $0) })
        // Every record read once.
        #expect(loads.flatMap { $0 }.count == Set(loads.flatMap { $0 }).count)
    }

    @Test(
        "a hit rebuilt from the records decodes to the server's data, from memory and from SQLite",
        arguments: [false, true])
    func equalsServerResponse(persistent: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The cache's clock stands still: under ThreadSanitizer on a loaded machine the two reads came more than a
        // minute after the write, and the answer was (rightly) stale.
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let cache = GraphQLCache(
            storage: persistent ? .persistent(directory: folder.url) : .memory, maxAge: .seconds(60),
            memoizedResultLimit: 0, storesResponses: false, now: { now })
        let data = try Self.serverData()
        await cache.write(
            ResponseWrite(
                data: .tree(data), errors: [], metadata: Self.metadata, variables: Self.variables,
                rootKey: CacheRecord.queryRootKey, serverMaxAge: nil))
        #expect(await cache.problems.isEmpty)
        for _ in 0..<2 {
            let outcome = await cache.read(
                JSONValue.self, operationName: "Q", metadata: Self.metadata, variables: Self.variables, queryKey: "q")
            guard case .hit(let value, let isStale, _) = outcome else {
                Issue.record("not a hit: \(outcome)")
                return
            }
            #expect(value == .object(data))
            #expect(!isStale)
        }
        #expect(await cache.statistics.recordHits == 2)
    }

    @Test("a SQLite read snapshot returns what its body read and leaves the store writable")
    func readSnapshot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteCacheStore(fileURL: folder.url.appendingPathComponent("s.sqlite"), schemaVersion: "1")
        let entry = CacheFieldEntry(value: .scalar(.number("1")), receivedAt: Date(timeIntervalSince1970: 1))
        try store.write([CacheRecord(key: "A", fields: ["n": entry]), CacheRecord(key: "B", fields: ["n": entry])])
        let found = store.withReadSnapshot { (try? store.records(forKeys: ["A", "B", "C"])) ?? [:] }
        #expect(Set(found.keys) == ["A", "B"])
        // Nested snapshots run their body as it is.
        let nested = store.withReadSnapshot { store.withReadSnapshot { (try? store.records(forKeys: ["A"]))?.count } }
        #expect(nested == 1)
        // The transaction is over: a write (BEGIN IMMEDIATE) works, and is read back.
        try store.write([CacheRecord(key: "C", fields: ["n": entry])])
        #expect(try store.records(forKeys: ["C"]).count == 1)
        #expect(Set(try store.allKeys()) == ["A", "B", "C"])
    }

    @Test("a miss names the first missing field's path, through lists and aliases")
    func missingPath() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600))
        await cache.write(
            ResponseWrite(
                data: .tree(try Self.serverData()), errors: [], metadata: Self.metadata, variables: Self.variables,
                rootKey: CacheRecord.queryRootKey, serverMaxAge: nil))
        // The same query with `draws { id number extra }`.
        let extra = GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Query",
                [
                    Self.field(
                        "game", alias: "hero", arguments: ["id": .variable("id")],
                        GraphQLSelectionSetMetadata(
                            typeName: "Game",
                            [
                                Self.field("id"),
                                Self.field(
                                    "draws", arguments: ["last": .literal(.number("2"))],
                                    GraphQLSelectionSetMetadata(
                                        typeName: "Draw", [Self.field("id"), Self.field("extra")])),
                            ]))
                ]))
        let outcome = await cache.read(
            JSONValue.self, operationName: "Q", metadata: extra, variables: Self.variables, queryKey: "extra")
        guard case .miss(let path, _) = outcome else {
            Issue.record("not a miss: \(outcome)")
            return
        }
        #expect(path == "hero.draws[0].extra")
        // Another game: its root field is missing.
        let other = await cache.read(
            JSONValue.self, operationName: "Q", metadata: Self.metadata, variables: ["id": .string("other")],
            queryKey: "other")
        guard case .miss(let rootPath, _) = other else {
            Issue.record("not a miss: \(other)")
            return
        }
        #expect(rootPath == "hero")
    }

    @Test("strings are escaped as JSON: quotes, backslashes, every control character; the rest as UTF-8")
    func stringEscapes() throws {
        var text = ""
        for scalar in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        text += "\"\\/ é 🎲 \u{7F} \u{2028}"
        var bytes: [UInt8] = []
        JSONStringWriter.write(text, to: &bytes)
        #expect(try JSONValue(parsing: Data(bytes)) == .string(text))
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#""\u0000\u0001"#))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#"\b\t\n\u000b\f\r"#) == false)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#"\u0008\t\n\u000b\u000c\r"#))
        var json: [UInt8] = []
        JSONValue.object(["b": .array([.number("1E400"), .bool(true)]), "a\"": .null]).writeJSONText(to: &json)
        #expect(String(decoding: json, as: UTF8.self) == #"{"a\"":null,"b":[1E400,true]}"#)
    }
}

struct CacheReaderTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
