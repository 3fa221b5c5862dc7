import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// `cache.fieldPolicies` in `graphql-codegen.json` (issue 31's cache redirects): read, checked against the schema,
/// and emitted in the metadata of the queries that select the field.
@Suite("Field policies in the codegen configuration")
struct FieldPolicyCodegenTests {
    static let schema = """
        type Query {
          game(id: ID!): Game
          games(ids: [ID!]!): [Game]!
          draw(gameId: ID!, number: Int!): Draw
          node(id: ID!): Node
          drawsOf(gameIds: [ID!]!, numbers: [Int!]!): [Draw!]!
          count: Int
        }
        interface Node { id: ID! }
        type Game implements Node { id: ID!, name: String! }
        type Draw { gameId: ID!, number: Int!, status: String! }
        """

    static func configuration(_ cache: String) throws -> CodegenConfiguration {
        try CodegenConfiguration.decode(
            Data(#"{"schema": "s.graphqls", "operations": ["o.graphql"], "cache": \#(cache)}"#.utf8),
            path: "graphql-codegen.json")
    }

    @Test("policies are read from the cache object")
    func parses() throws {
        let configuration = try Self.configuration(
            #"{"keyFields": {"Draw": ["gameId", "number"]}, "fieldPolicies": {"Query.draw": {"keyArgs": ["gameId", "number"]}}}"#
        )
        #expect(configuration.cache.fieldPolicies == ["Query.draw": ["gameId", "number"]])
    }

    @Test("a malformed policy is a configuration error that names it")
    func malformed() throws {
        for text in [
            #"{"fieldPolicies": []}"#, #"{"fieldPolicies": {"Query.game": ["id"]}}"#,
            #"{"fieldPolicies": {"Query.game": {"keyArgs": []}}}"#,
            #"{"fieldPolicies": {"Query.game": {"keyArgs": ["id", "id"]}}}"#,
            #"{"fieldPolicies": {"Query.game": {"keyArgs": ["id"], "merge": true}}}"#,
        ] {
            #expect(throws: ConfigurationError.self, "\(text)") { _ = try Self.configuration(text) }
        }
        do {
            _ = try Self.configuration(#"{"fieldPolicies": {"Query.game": {"keyArgs": []}}}"#)
        } catch let error as ConfigurationError {
            #expect(error.message.contains("cache.fieldPolicies.Query.game"))
        }
    }

    @Test("emitted in the metadata of the queries selecting the field, lists with their list argument")
    func emitted() throws {
        let configuration = try Self.configuration(
            #"""
            {"keyFields": {"Draw": ["gameId", "number"]}, "fieldPolicies": {
              "Query.game": {"keyArgs": ["id"]}, "Query.games": {"keyArgs": ["ids"]},
              "Query.draw": {"keyArgs": ["gameId", "number"]}}}
            """#)
        let result = CodegenTestSupport.generate(
            schema: Self.schema,
            operations: """
                query G($id: ID!) { game(id: $id) { id name } }
                query L($ids: [ID!]!) { games(ids: $ids) { id name } count }
                query D { draw(gameId: "6x45", number: 3) { gameId number status } }
                query C { count }
                """, configuration: configuration)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        func file(_ name: String) throws -> String {
            try #require(result.files.first { $0.relativePath.hasSuffix(name) }).contents
        }
        #expect(
            try file("GQuery.swift").contains(
                #"fieldPolicies: ["game": GraphQLFieldPolicy(typeName: "Game", keyArguments: ["id"])])"#))
        #expect(
            try file("LQuery.swift").contains(
                #"fieldPolicies: ["games": GraphQLFieldPolicy(typeName: "Game", keyArguments: ["ids"], listArgument: "ids")])"#
            ))
        #expect(
            try file("DQuery.swift").contains(
                #"fieldPolicies: ["draw": GraphQLFieldPolicy(typeName: "Draw", keyArguments: ["gameId", "number"])])"#
            ))
        #expect(try !file("CQuery.swift").contains("fieldPolicies"), "a query not selecting the field has none")
    }

    @Test("a policy the schema does not allow is an error that says why")
    func checkedAgainstSchema() throws {
        let cases: [(String, String)] = [
            (#"{"Mutation.game": {"keyArgs": ["id"]}}"#, "names a field of the query root type"),
            (#"{"Query.nothing": {"keyArgs": ["id"]}}"#, "'Query' has no field 'nothing'"),
            (#"{"Query.node": {"keyArgs": ["id"]}}"#, "must return an object type"),
            (#"{"Query.count": {"keyArgs": ["id"]}}"#, "must return an object type"),
            (#"{"Query.game": {"keyArgs": ["gameId"]}}"#, "'game' has no argument 'gameId'"),
            (#"{"Query.draw": {"keyArgs": ["gameId"]}}"#, "is keyed by gameId, number"),
            (#"{"Query.drawsOf": {"keyArgs": ["gameIds", "numbers"]}}"#, "exactly one of its key arguments"),
            (#"{"Query.game": {"keyArgs": ["id", "id2"]}}"#, "is keyed by id"),
        ]
        for (policies, message) in cases {
            let configuration = try Self.configuration(
                #"{"keyFields": {"Draw": ["gameId", "number"]}, "fieldPolicies": \#(policies)}"#)
            let result = CodegenTestSupport.generate(
                schema: Self.schema, operations: "query C { count }", configuration: configuration)
            #expect(result.hasErrors, "\(policies)")
            #expect(
                result.diagnostics.contains { $0.message.contains(message) },
                "\(policies): \(result.diagnostics.map(\.message))")
        }
    }
}
