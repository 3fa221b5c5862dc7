import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// `cache.listPolicies` in `graphql-codegen.json` (issue 31's pages as one list): read, checked against the schema,
/// and emitted in the metadata of the queries that select the field.
@Suite("List policies in the codegen configuration")
struct ListPolicyCodegenTests {
    static let schema = """
        type Query {
          draws(gameId: ID!, last: Int = 10, before: Long): [Draw!]!
          page(offset: Int!, limit: Int!): [Draw!]!
          badOffset(offset: String!, limit: Int!): [Draw!]!
          connection(first: Int, after: String, last: Int, before: String): DrawConnection!
          draw(gameId: ID!, number: Int!): Draw
          count: Int
        }
        scalar Long
        type Draw { gameId: ID!, number: Int! }
        type DrawConnection { edges: [DrawEdge!]!, pageInfo: PageInfo! }
        type DrawEdge { cursor: String!, node: Draw! }
        type PageInfo { hasNextPage: Boolean!, hasPreviousPage: Boolean!, startCursor: String, endCursor: String }
        """

    static func configuration(_ cache: String) throws -> CodegenConfiguration {
        try CodegenConfiguration.decode(
            Data(#"{"schema": "s.graphqls", "operations": ["o.graphql"], "cache": \#(cache)}"#.utf8),
            path: "graphql-codegen.json")
    }

    @Test("policies are read from the cache object")
    func parses() throws {
        let configuration = try Self.configuration(
            #"""
            {"listPolicies": {
              "Query.draws": {"keyArgs": ["gameId"], "paginationArgs": ["last", "before"], "merge": "append",
                              "continuation": "before"},
              "Query.connection": {"paginationArgs": ["first", "after", "last", "before"], "merge": "connection"}}}
            """#)
        #expect(
            configuration.cache.listPolicies["Query.draws"]
                == ListPolicyConfiguration(
                    keyArgs: ["gameId"], paginationArgs: ["last", "before"], merge: .append, continuation: "before"))
        #expect(configuration.cache.listPolicies["Query.connection"]?.merge == .connection)
        #expect(configuration.cache.listPolicies["Query.connection"]?.keyArgs == [])
    }

    @Test("a malformed policy is a configuration error that names it and says why")
    func malformed() throws {
        let cases: [(String, String)] = [
            (#"[]"#, "'cache.listPolicies' must map fields"),
            (#"{"Query.draws": ["gameId"]}"#, "must be an object"),
            (
                #"{"Query.draws": {"paginationArgs": ["before"], "merge": "append", "continuation": "before", "x": 1}}"#,
                "unknown key 'x'"
            ),
            (#"{"Query.draws": {"merge": "append", "continuation": "before"}}"#, "'paginationArgs' is missing"),
            (#"{"Query.draws": {"paginationArgs": [], "merge": "append", "continuation": "before"}}"#, "not empty"),
            (
                #"{"Query.draws": {"paginationArgs": ["before", "before"], "merge": "append", "continuation": "before"}}"#,
                "distinct"
            ),
            (
                #"{"Query.draws": {"keyArgs": ["before"], "paginationArgs": ["before"], "merge": "append", "continuation": "before"}}"#,
                "in both keyArgs and paginationArgs"
            ),
            (
                #"{"Query.draws": {"paginationArgs": ["before"], "merge": "sideways", "continuation": "before"}}"#,
                "'merge' is 'sideways'"
            ),
            (#"{"Query.draws": {"paginationArgs": ["before"], "merge": "append"}}"#, "needs 'continuation'"),
            (
                #"{"Query.draws": {"paginationArgs": ["last"], "merge": "append", "continuation": "before"}}"#,
                "must be one of paginationArgs"
            ),
            (
                #"{"Query.connection": {"paginationArgs": ["after"], "merge": "connection", "continuation": "after"}}"#,
                "no 'continuation'"
            ),
            (#"{"Query.connection": {"paginationArgs": ["first"], "merge": "connection"}}"#, "'after' or 'before'"),
        ]
        for (policies, message) in cases {
            do {
                _ = try Self.configuration(#"{"listPolicies": \#(policies)}"#)
                Issue.record("\(policies): no error")
            } catch let error as ConfigurationError {
                #expect(error.message.contains(message), "\(policies): \(error.message)")
                #expect(error.message.contains("cache.listPolicies"), "\(policies): \(error.message)")
            }
        }
    }

    @Test("a policy the schema does not allow is an error that says which and why")
    func checkedAgainstSchema() throws {
        let cases: [(String, String)] = [
            (
                #"{"Mutation.draws": {"paginationArgs": ["before"], "merge": "append", "continuation": "before"}}"#,
                "names a field of the query root type"
            ),
            (
                #"{"Query.nothing": {"paginationArgs": ["before"], "merge": "append", "continuation": "before"}}"#,
                "'Query' has no field 'nothing'"
            ),
            (
                #"{"Query.draws": {"keyArgs": ["game"], "paginationArgs": ["last", "before"], "merge": "append", "continuation": "before"}}"#,
                "'draws' has no argument 'game'"
            ),
            (
                #"{"Query.draws": {"paginationArgs": ["last", "before"], "merge": "append", "continuation": "before"}}"#,
                "the argument 'gameId' of 'draws' is in neither keyArgs nor paginationArgs"
            ),
            (
                #"{"Query.draw": {"keyArgs": ["gameId"], "paginationArgs": ["number"], "merge": "append", "continuation": "number"}}"#,
                "merges the pages of a list"
            ),
            (
                #"{"Query.badOffset": {"paginationArgs": ["offset", "limit"], "merge": "offset", "continuation": "offset"}}"#,
                "must be an Int"
            ),
            (
                #"{"Query.draws": {"keyArgs": ["gameId"], "paginationArgs": ["last", "before"], "merge": "connection"}}"#,
                "a connection must return an object type with 'pageInfo'"
            ),
        ]
        for (policies, message) in cases {
            let configuration = try Self.configuration(#"{"listPolicies": \#(policies)}"#)
            let result = CodegenTestSupport.generate(
                schema: Self.schema, operations: "query C { count }", configuration: configuration)
            #expect(result.hasErrors, "\(policies)")
            #expect(
                result.diagnostics.contains { $0.message.contains(message) },
                "\(policies): \(result.diagnostics.map(\.message))")
        }
    }

    @Test("emitted in the metadata of the queries selecting the field")
    func emitted() throws {
        let configuration = try Self.configuration(
            #"""
            {"listPolicies": {
              "Query.draws": {"keyArgs": ["gameId"], "paginationArgs": ["last", "before"], "merge": "append",
                              "continuation": "before"},
              "Query.page": {"paginationArgs": ["offset", "limit"], "merge": "offset", "continuation": "offset"},
              "Query.connection": {"paginationArgs": ["first", "after", "last", "before"], "merge": "connection"}}}
            """#)
        let result = CodegenTestSupport.generate(
            schema: Self.schema,
            operations: """
                query D($before: Long) { draws(gameId: "6x45", last: 3, before: $before) { gameId number } }
                query P($offset: Int!) { page(offset: $offset, limit: 4) { gameId number } }
                query K($after: String) {
                  connection(first: 3, after: $after) { edges { cursor node { gameId number } } pageInfo { hasNextPage endCursor } }
                }
                query C { count }
                """, configuration: configuration)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        func file(_ name: String) throws -> String {
            try #require(result.files.first { $0.relativePath.hasSuffix(name) }).contents
        }
        #expect(
            try file("DQuery.swift").contains(
                #"listPolicies: ["draws": GraphQLListPolicy(keyArguments: ["gameId"], paginationArguments: ["last", "before"], merge: .append(continuation: "before"))])"#
            ))
        #expect(
            try file("PQuery.swift").contains(
                #"listPolicies: ["page": GraphQLListPolicy(keyArguments: [], paginationArguments: ["offset", "limit"], merge: .offset(argument: "offset"))])"#
            ))
        #expect(
            try file("KQuery.swift").contains(
                #"merge: .connection(after: "after", before: "before"))])"#))
        #expect(try !file("CQuery.swift").contains("listPolicies"), "a query not selecting the field has none")
    }

    @Test("continuationField: read with append only, checked to be a key field of the items, emitted as appendAfter")
    func continuationField() throws {
        let policy =
            #""Query.draws": {"keyArgs": ["gameId"], "paginationArgs": ["last", "before"], "merge": "append", "continuation": "before", "continuationField": "number"}"#
        let keyed = try Self.configuration(
            #"{"keyFields": {"Draw": ["gameId", "number"]}, "listPolicies": {\#(policy)}}"#)
        #expect(keyed.cache.listPolicies["Query.draws"]?.continuationField == "number")
        let result = CodegenTestSupport.generate(
            schema: Self.schema,
            operations:
                #"query D($before: Long) { draws(gameId: "6x45", last: 3, before: $before) { gameId number } }"#,
            configuration: keyed)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let file = try #require(result.files.first { $0.relativePath.hasSuffix("DQuery.swift") }).contents
        #expect(
            file.contains(
                #"merge: .appendAfter(continuation: "before", field: "number"))])"#))
        // Malformed: not a name; with another merge.
        let malformed: [(String, String)] = [
            (
                #"{"Query.draws": {"paginationArgs": ["before"], "merge": "append", "continuation": "before", "continuationField": 3}}"#,
                "'continuationField' must be the name of a field"
            ),
            (
                #"{"Query.page": {"paginationArgs": ["offset"], "merge": "offset", "continuation": "offset", "continuationField": "number"}}"#,
                "only with 'merge': 'append', not 'offset'"
            ),
        ]
        for (policies, message) in malformed {
            do {
                _ = try Self.configuration(#"{"listPolicies": \#(policies)}"#)
                Issue.record("\(policies): no error")
            } catch let error as ConfigurationError {
                #expect(error.message.contains(message), "\(policies): \(error.message)")
            }
        }
        // Against the schema: a field the items have, and one of their key fields.
        let unchecked: [(String, String)] = [
            (#"{"listPolicies": {\#(policy)}}"#, "must be one of the key fields of 'Draw' (id)"),
            (
                #"{"keyFields": {"Draw": ["gameId", "number"]}, "listPolicies": {\#(policy.replacingOccurrences(of: "\"number\"}", with: "\"date\"}"))}}"#,
                "'Draw' has no field 'date'"
            ),
        ]
        for (cache, message) in unchecked {
            let configuration = try Self.configuration(cache)
            let result = CodegenTestSupport.generate(
                schema: Self.schema, operations: "query C { count }", configuration: configuration)
            #expect(result.hasErrors, "\(cache)")
            #expect(
                result.diagnostics.contains { $0.message.contains(message) },
                "\(cache): \(result.diagnostics.map(\.message))")
        }
    }
}
