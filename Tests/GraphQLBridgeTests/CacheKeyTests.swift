import Testing

@testable import GraphQLBridge

@Suite("Cache keys: no key is another's")
struct CacheKeyTests {
    /// Type names (a server's `__typename` can hold anything) and values that spell, or try to spell, other keys.
    static let typeNames = [
        "Site", "Site:a", "Site.a", "S\"", "QUERY_ROOT", "\"Site\"", "", "Caf\u{E9}", "Cafe\u{301}",
    ]
    static let values = [
        "a", "a.owner", "a,b", "a:b", "b", "\"a\"", "\"a\".owner", "a\\", "a\\\"", "{a}", "", " ", "\"", "a\",\"b",
        "\\u0061", "\u{E9}", "e\u{301}", "0", "1.5", "Site:a", "owner",
    ]

    @Test("object keys and the paths below them are all different, as bytes and as Swift strings, and ASCII")
    func distinctKeys() {
        var made: [String: String] = [:]
        var count = 0
        func add(_ key: String, _ what: String) {
            count += 1
            #expect(key.utf8.allSatisfy { $0 < 0x80 }, "\(what): \(key)")
            if let other = made.updateValue(what, forKey: key) {
                Issue.record("\(what) and \(other) share the key \(key)")
            }
        }
        for typeName in Self.typeNames {
            for value in Self.values {
                let key = CacheKey.object(typeName: typeName, values: [value])
                add(key, "\(typeName) \(String(reflecting: value))")
                add(CacheKey.child(of: key, field: "owner"), "\(typeName) \(String(reflecting: value)) .owner")
                add(
                    CacheKey.child(of: key, field: "owner", at: [0]),
                    "\(typeName) \(String(reflecting: value)) .owner[0]")
                for second in Self.values {
                    add(
                        CacheKey.object(typeName: typeName, values: [value, second]),
                        "\(typeName) \(String(reflecting: value)), \(String(reflecting: second))")
                }
            }
        }
        for root in [CacheKey.queryRoot, CacheKey.mutationRoot] {
            for value in Self.values {
                let field = GraphQLFieldMetadata("site", arguments: ["id": .literal(.string(value))])
                let fieldKey = field.cacheKey(variables: [:])
                add(CacheKey.rootField(root, fieldKey), "\(root).site(\(String(reflecting: value)))")
                add(
                    CacheKey.child(of: CacheKey.rootField(root, fieldKey), field: fieldKey),
                    "\(root).site(\(String(reflecting: value))).site")
            }
        }
        // Swift's dictionary would have merged canonically equivalent keys: every key made is there.
        #expect(made.count == count)
    }

    @Test("a path key's list indices are written as decimal digits, as the element keys spell them")
    func pathIndices() {
        let indices = [0, 1, 9, 10, 11, 99, 100, 101, 1_234, 90_210, Int.max]
        for index in indices {
            #expect(
                CacheKey.child(of: "Game:1", field: "draws", at: [index])
                    == CacheKey.element(of: CacheKey.child(of: "Game:1", field: "draws"), at: index))
        }
        #expect(CacheKey.child(of: "Game:1", field: "rows", at: [10, 0, 305]) == "Game:1.rows.10.0.305")
        #expect(CacheKey.child(of: "Game:1", field: "rows", at: []) == "Game:1.rows")
    }

    @Test("a plain value is written as it is; any other is a JSON string, non-ASCII escaped")
    func spelling() {
        #expect(CacheKey.object(typeName: "Game", values: ["6x45"]) == "Game:6x45")
        #expect(CacheKey.object(typeName: "Draw", values: ["6x45", "12"]) == "Draw:6x45,12")
        #expect(CacheKey.object(typeName: "Site", values: ["alice.owner"]) == #"Site:"alice.owner""#)
        #expect(CacheKey.object(typeName: "Pair", values: ["a,b", "c"]) == #"Pair:"a,b",c"#)
        #expect(CacheKey.object(typeName: "User", values: ["jos\u{E9}"]) == #"User:"jos\u00e9""#)
        #expect(CacheKey.object(typeName: "Die", values: ["\u{1F3B2}"]) == #"Die:"\ud83c\udfb2""#)
        #expect(CacheKey.object(typeName: "Q", values: ["a\"\\"]) == #"Q:"a\"\\""#)
        #expect(CacheRecord.objectKey(typeName: "Site", keyValues: ["alice.owner"]) == #"Site:"alice.owner""#)
        let field = GraphQLFieldMetadata("user", arguments: ["name": .variable("name")])
        #expect(field.cacheKey(variables: ["name": .string("jos\u{E9}")]) == #"user({"name":"jos\u00e9"})"#)
        #expect(
            field.cacheKey(variables: ["name": .string("jos\u{E9}")])
                != field.cacheKey(variables: ["name": .string("jose\u{301}")]))
    }
}
