import Foundation
import GraphQLParser
import GraphQLSchema
import LotteryBackend
import LotteryTestSupport
import Testing

@testable import GraphQLServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `@defer` and `@stream` executed incrementally by GraphQLServer's executor, in both formats: the payloads keep
/// the protocol (every increment announced before it comes, completed once, `hasNext` false at the end only), and
/// merged by the format's rules they give the result the operation has without the directives.
@Suite("Incremental execution (@defer, @stream)")
struct IncrementalExecutionTests {
    static let directives = """
        directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(label: String, if: Boolean! = true, initialCount: Int = 0) on FIELD
        """

    static func schema() throws -> Schema {
        let built = SchemaBuilder.build(sources: [
            Source(MockServerTests.schemaSDL, name: "cinema"), Source(directives, name: "directives"),
        ])
        return try #require(built.schema, "\(built.diagnostics)")
    }

    static let documents = [
        // A deferred named fragment, a labelled inline fragment, a stream with nested defers in its items.
        """
        query Q { movie(id: "m") { id ...Details @defer(label: "details")
          screenings(first: 4) @stream(initialCount: 1, label: "more") { id ... @defer { startsOn } } }
          cinemas { name ... on Cinema @defer(label: "movies") { movies { id title } } } }
        fragment Details on Movie { title rating boxOffice }
        """,
        // Nested defers, and a defer switched off by `if: false`.
        """
        { movie(id: "x") { ... @defer(label: "outer") { title ... @defer(label: "inner") { rating } }
          ... @defer(if: false) { score } } }
        """,
        // A stream with initialCount 0 and one larger than the list.
        """
        { cinemas @stream { id } movie(id: "y") { screenings(first: 2) @stream(initialCount: 5) { id } } }
        """,
    ]

    /// The payloads of an incremental execution, or (`nil`) the `data` of the whole one.
    static func run(_ text: String, incremental format: GraphQLIncrementalFormat?) throws -> [JSONValue] {
        let schema = try schema()
        let document = try Parser.parse(Source(text))
        #expect(GraphQLRequestValidator(schema: schema).validate(document).isEmpty)
        let operation = try #require(document.operations.first)
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments { fragments[fragment.name.value] = fragment }
        let resolvers = MockResolvers(schema: schema, seed: 7, listSize: 3)
        var executor = GraphQLExecutor(schema: schema, resolvers: resolvers, fragments: fragments, variables: [:])
        guard let format else { return [executor.execute(operation.selectionSet, root: resolvers.root("Query"))] }
        return executor.executeIncrementally(operation.selectionSet, root: resolvers.root("Query"), format: format)
    }

    @Test(
        "the current format: announced, delivered, completed once; merged, the result without the directives",
        arguments: documents)
    func current(document: String) throws {
        let whole = try #require(try Self.run(document, incremental: nil).first)
        let payloads = try Self.run(document, incremental: .current)
        #expect(payloads.count > 1, "something was deferred")
        var merged = try #require(payloads.first?["data"])
        var paths: [String: JSONValue] = [:]
        var completed: Set<String> = []
        for (index, payload) in payloads.enumerated() {
            if case .array(let pending)? = payload["pending"] {
                for item in pending {
                    let id = try #require(item["id"]?.stringValue)
                    #expect(paths[id] == nil, "announced twice: \(id)")
                    paths[id] = item["path"]
                }
            }
            if case .array(let increments)? = payload["incremental"] {
                for increment in increments {
                    let id = try #require(increment["id"]?.stringValue)
                    let path = try #require(paths[id], "delivered before announced: \(id)")
                    #expect(!completed.contains(id))
                    if let data = increment["data"] { merged = Self.merge(data, at: Self.components(path), in: merged) }
                    if case .array(let items)? = increment["items"] {
                        merged = Self.append(items, at: Self.components(path), in: merged)
                    }
                }
            }
            if case .array(let done)? = payload["completed"] {
                for item in done {
                    let id = try #require(item["id"]?.stringValue)
                    #expect(completed.insert(id).inserted, "completed twice: \(id)")
                }
            }
            #expect(payload["hasNext"] == .bool(index < payloads.count - 1), "\(payload.jsonText)")
        }
        #expect(completed == Set(paths.keys), "every announced increment completes")
        #expect(
            Self.canonical(merged) == Self.canonical(whole),
            "merged: \(merged.jsonText)\nwhole: \(whole.jsonText)")
    }

    @Test(
        "Apollo's 2022 format: data and items at their paths; merged, the result without the directives",
        arguments: documents)
    func apollo(document: String) throws {
        let whole = try #require(try Self.run(document, incremental: nil).first)
        let payloads = try Self.run(document, incremental: .apollo2022)
        var merged = try #require(payloads.first?["data"])
        #expect(payloads.first?["pending"] == nil)
        for (index, payload) in payloads.enumerated() {
            if case .array(let increments)? = payload["incremental"] {
                for increment in increments {
                    let path = Self.components(try #require(increment["path"]))
                    if let data = increment["data"] { merged = Self.merge(data, at: path, in: merged) }
                    if case .array(let items)? = increment["items"] {
                        // The path is the first item's: the list's path and the index the items start at.
                        guard case .index(let start)? = path.last else {
                            Issue.record("an items path ends with an index: \(increment.jsonText)")
                            continue
                        }
                        let list = Array(path.dropLast())
                        #expect(Self.count(at: list, in: merged) == start, "items start where the list ends")
                        merged = Self.append(items, at: list, in: merged)
                    }
                }
            }
            #expect(payload["hasNext"] == .bool(index < payloads.count - 1))
        }
        #expect(
            Self.canonical(merged) == Self.canonical(whole),
            "merged: \(merged.jsonText)\nwhole: \(whole.jsonText)")
    }

    @Test("with incremental delivery off, @defer and @stream are ignored: one result, the same as without them")
    func ignored() throws {
        for document in Self.documents {
            let once = try Self.run(document, incremental: nil)
            #expect(once.count == 1 && once.first?["hasNext"] == nil)
        }
    }

    @Test(
        "over HTTP: multipart/mixed parts in the format the Accept asks for; a plain Accept gets one JSON body",
        arguments: [
            ("multipart/mixed; deferSpec=20220824, application/json", GraphQLIncrementalFormat.apollo2022),
            ("multipart/mixed, application/json", .current),
            ("application/json", nil),
        ])
    func overHTTP(accept: String, format: GraphQLIncrementalFormat?) async throws {
        let server = try MockGraphQLServer.start(
            schema: try Self.schema(), options: MockGraphQLServer.Options(seed: 7, incrementalDelay: .milliseconds(20)))
        defer { server.stop() }
        var request = URLRequest(url: server.graphQLURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        request.httpBody = JSONValue.object([("query", .string(Self.documents[0]))]).serialized()
        let (body, response) = try await URLSession.shared.data(for: request)
        let contentType = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? ""
        guard let format else {
            #expect(contentType.hasPrefix("application/json"), "\(contentType)")
            let whole = try JSONParser.parse(body)
            #expect(whole["errors"] == nil && whole["data"] != nil, "\(whole.jsonText)")
            return
        }
        #expect(contentType == format.contentType)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.hasPrefix("\r\n---\r\n") && text.hasSuffix("\r\n-----\r\n"), "\(text.suffix(40))")
        let parts = try text.components(separatedBy: "\r\n---").dropFirst().compactMap { part -> JSONValue? in
            guard let start = part.range(of: "\r\n\r\n") else { return nil }
            return try JSONParser.parse(Array(part[start.upperBound...].utf8))
        }
        // The same payloads as the executor gives (the mock answers are seeded).
        #expect(parts == (try Self.run(Self.documents[0], incremental: format)))
    }

    @Test(
        "the embedded lottery backend with incremental delivery: a draw's prize categories deferred, draws streamed; merged, the answer without the directives",
        arguments: GraphQLIncrementalFormat.allCases)
    func embeddedBackend(format: GraphQLIncrementalFormat) async throws {
        let option = IncrementalDeliveryOption(format: format == .apollo2022 ? .apollo2022 : .current)
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(port: 0, incrementalDelivery: option))
        defer { server.stop() }
        try await Self.checkLottery(server.graphQLURL, format: format)
    }

    @Test(
        "the reference backend (graphql-core 3.3's incremental execution) with --incremental: the same checks",
        arguments: GraphQLIncrementalFormat.allCases)
    func referenceBackend(format: GraphQLIncrementalFormat) async throws {
        var options = ReferenceBackendOptions()
        options.additionalArguments = ["--incremental", format == .apollo2022 ? "apollo" : "current"]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        try await Self.checkLottery(backend.graphQLURL, format: format)
    }

    /// A lottery query with a deferred fragment and a stream, asked with both formats' parameters (the server's
    /// option decides): the parts in `format`, merged equal to the answer of the same query without them; without
    /// `multipart/mixed` in `Accept`, one JSON body.
    static func checkLottery(_ url: URL, format: GraphQLIncrementalFormat) async throws {
        let deferred = """
            { games { id name } draws(gameId: "6x45", last: 3) @stream(initialCount: 1, label: "older") {
              id number ... @defer(label: "prizes") { prizeCategories { matched winners amount } } } }
            """
        let plain = """
            { games { id name } draws(gameId: "6x45", last: 3) { id number prizeCategories { matched winners amount } } }
            """
        func post(_ query: String, accept: String) async throws -> (String, Data) {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(accept, forHTTPHeaderField: "Accept")
            request.httpBody = JSONValue.object([("query", .string(query))]).serialized()
            let (body, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? "", body)
        }
        let (contentType, body) = try await post(
            deferred, accept: "multipart/mixed; incrementalSpec=v0.2; deferSpec=20220824, application/json")
        #expect(contentType == format.contentType)
        let parts = try String(decoding: body, as: UTF8.self).components(separatedBy: "\r\n---").dropFirst()
            .compactMap { part -> JSONValue? in
                guard let start = part.range(of: "\r\n\r\n") else { return nil }
                return try JSONParser.parse(Array(part[start.upperBound...].utf8))
            }
        #expect(parts.count > 2, "the initial result and later parts: \(String(decoding: body, as: UTF8.self))")
        #expect(parts.last?["hasNext"] == .bool(false))
        var merged = try #require(parts.first?["data"])
        var paths: [String: JSONValue] = [:]
        for part in parts {
            if case .array(let pending)? = part["pending"] {
                for item in pending { paths[item["id"]?.stringValue ?? ""] = item["path"] }
            }
            guard case .array(let increments)? = part["incremental"] else { continue }
            for increment in increments {
                var path = Self.components(increment["path"] ?? paths[increment["id"]?.stringValue ?? ""] ?? .null)
                path += Self.components(increment["subPath"] ?? .array([]))
                if let data = increment["data"] { merged = Self.merge(data, at: path, in: merged) }
                if case .array(let items)? = increment["items"] {
                    let list = format == .apollo2022 ? Array(path.dropLast()) : path
                    merged = Self.append(items, at: list, in: merged)
                }
            }
        }
        let whole = try JSONParser.parse(try await post(plain, accept: "application/json").1)
        #expect(
            Self.canonical(merged) == Self.canonical(whole["data"] ?? .null),
            "merged: \(merged.jsonText)\nwhole: \(whole.jsonText)")
        let (plainType, plainBody) = try await post(deferred, accept: "application/json")
        #expect(plainType.hasPrefix("application/json"))
        let once = try JSONParser.parse(plainBody)
        #expect(Self.canonical(once["data"] ?? .null) == Self.canonical(whole["data"] ?? .null))
    }

    // MARK: An independent merge (the test's own, not the executor's)

    /// Objects' members sorted by name, recursively: a merged result has its deferred members after the others.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): return .object(members.map { ($0.0, canonical($0.1)) }.sorted { $0.0 < $1.0 })
        case .array(let items): return .array(items.map(canonical))
        default: return value
        }
    }

    static func components(_ path: JSONValue) -> [GraphQLResponsePathComponent] {
        guard case .array(let items) = path else { return [] }
        return items.compactMap { item in
            if let key = item.stringValue { return .key(key) }
            if case .number(let text) = item, let index = Int(text) { return .index(index) }
            return nil
        }
    }

    static func merge(_ data: JSONValue, at path: [GraphQLResponsePathComponent], in value: JSONValue) -> JSONValue {
        update(value, at: path[...]) { target in
            guard case .object(var members) = target, case .object(let added) = data else { return data }
            for (key, new) in added {
                if let index = members.firstIndex(where: { $0.0 == key }) {
                    members[index].1 = merge(new, at: [], in: members[index].1)
                } else {
                    members.append((key, new))
                }
            }
            return .object(members)
        }
    }

    static func append(_ items: [JSONValue], at path: [GraphQLResponsePathComponent], in value: JSONValue) -> JSONValue
    {
        update(value, at: path[...]) { target in
            guard case .array(let existing) = target else { return target }
            return .array(existing + items)
        }
    }

    static func count(at path: [GraphQLResponsePathComponent], in value: JSONValue) -> Int? {
        var count: Int?
        _ = update(value, at: path[...]) { target in
            if case .array(let items) = target { count = items.count }
            return target
        }
        return count
    }

    static func update(
        _ value: JSONValue, at path: ArraySlice<GraphQLResponsePathComponent>, _ change: (JSONValue) -> JSONValue
    ) -> JSONValue {
        guard let first = path.first else { return change(value) }
        switch (first, value) {
        case (.key(let key), .object(var members)):
            guard let index = members.firstIndex(where: { $0.0 == key }) else { return value }
            members[index].1 = update(members[index].1, at: path.dropFirst(), change)
            return .object(members)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            items[index] = update(items[index], at: path.dropFirst(), change)
            return .array(items)
        default:
            return value
        }
    }
}
