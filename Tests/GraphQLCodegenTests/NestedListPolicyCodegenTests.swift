import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// `cache.listPolicies` on fields of other types than the query root (`User.friends`): checked against the schema
/// (the type, the field, its arguments), an interface's policy given to the object types implementing it, and emitted
/// as `objectListPolicies` in the metadata of the operations and fragments that select the field anywhere.
@Suite("List policies of object fields in the codegen configuration")
struct NestedListPolicyCodegenTests {
    static let schema = """
        type Query {
          user(id: ID!): User
          node(id: ID!): Node
          count: Int
        }
        type Mutation { addFriend(id: ID!, friend: ID!): User }
        interface Node { id: ID! }
        interface Social { id: ID!, followers(first: Int, after: String): [User!]! }
        type User implements Node & Social {
          id: ID!
          name: String!
          friends(kind: String, first: Int, after: String): FriendConnection!
          followers(first: Int, after: String): [User!]!
          best: User
        }
        type Group implements Node & Social {
          id: ID!
          followers(first: Int, after: String): [User!]!
        }
        union Thing = User | Group
        type FriendConnection { edges: [FriendEdge!]!, pageInfo: PageInfo! }
        type FriendEdge { cursor: String!, node: User! }
        type PageInfo { hasNextPage: Boolean!, endCursor: String }
        """

    static func configuration(_ policies: String) throws -> CodegenConfiguration {
        try CodegenConfiguration.decode(
            Data(
                #"{"schema": "s.graphqls", "operations": ["o.graphql"], "cache": {"listPolicies": \#(policies)}}"#
                    .utf8),
            path: "graphql-codegen.json")
    }

    @Test("a policy on another type that the schema does not allow is an error naming the entry and the fix")
    func checkedAgainstSchema() throws {
        let append = #""paginationArgs": ["first", "after"], "merge": "append", "continuation": "after""#
        let cases: [(String, String)] = [
            (#"{"Nobody.friends": {\#(append)}}"#, "the schema has no type 'Nobody'"),
            (#"{"User.enemies": {\#(append)}}"#, "'User' has no field 'enemies' (its fields: id, name, friends"),
            (#"{"Mutation.addFriend": {\#(append)}}"#, "'Mutation' is the mutation root type"),
            (#"{"Thing.followers": {\#(append)}}"#, "'Thing' is a union"),
            (#"{"PageInfo.hasNextPage": {\#(append)}}"#, "has no argument 'first'"),
            (
                #"{"User.friends": {"paginationArgs": ["first", "after"], "merge": "connection"}}"#,
                "the argument 'kind' of 'friends' is in neither keyArgs nor paginationArgs"
            ),
            (
                #"{"User.friends": {"keyArgs": ["kind"], \#(append)}}"#,
                "'append' merges the pages of a list; 'friends' returns FriendConnection!"
            ),
            (
                #"{"User.followers": {"paginationArgs": ["first", "after"], "merge": "connection"}}"#,
                "a connection must return an object type with 'pageInfo'"
            ),
            (#"{"User": {\#(append)}}"#, "names a field as 'Type.field'"),
        ]
        for (policies, message) in cases {
            let configuration = try Self.configuration(policies)
            let result = CodegenTestSupport.generate(
                schema: Self.schema, operations: "query C { count }", configuration: configuration)
            #expect(result.hasErrors, "\(policies)")
            #expect(
                result.diagnostics.contains { $0.message.contains(message) },
                "\(policies): \(result.diagnostics.map(\.message))")
            #expect(
                result.diagnostics.contains { $0.message.contains("'cache.listPolicies.") },
                "\(policies): the error names the entry")
        }
    }

    @Test("planned by object type: an interface's policy goes to its object types, an object's own wins")
    func planned() throws {
        let configuration = try Self.configuration(
            #"""
            {"User.friends": {"keyArgs": ["kind"], "paginationArgs": ["first", "after"], "merge": "connection"},
             "Social.followers": {"paginationArgs": ["first", "after"], "merge": "append", "continuation": "after"},
             "Group.followers": {"paginationArgs": ["first", "after"], "merge": "prepend", "continuation": "after"}}
            """#)
        let result = CodegenTestSupport.generate(
            schema: Self.schema, operations: "query C { count }", configuration: configuration)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let plan = try #require(result.plan)
        #expect(plan.objectListPolicies["User"]?["friends"]?.merge == .connection)
        #expect(plan.objectListPolicies["User"]?["followers"]?.merge == .append)
        #expect(plan.objectListPolicies["Group"]?["followers"]?.merge == .prepend)
        #expect(plan.listPolicies.isEmpty)
    }

    @Test("emitted in the metadata of the operations and fragments selecting the field, at any depth")
    func emitted() throws {
        let configuration = try Self.configuration(
            #"""
            {"User.friends": {"keyArgs": ["kind"], "paginationArgs": ["first", "after"], "merge": "connection"}}
            """#)
        let result = CodegenTestSupport.generate(
            schema: Self.schema,
            operations: """
                query F($after: String) {
                  user(id: "ann") { id best { id friends(kind: "close", first: 2, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } }
                }
                mutation M { addFriend(id: "ann", friend: "bob") { id ...Friends } }
                fragment Friends on User { friends(first: 2) { edges { node { id name } } } }
                query C { count }
                """, configuration: configuration)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        func file(_ name: String) throws -> String {
            try #require(result.files.first { $0.relativePath.hasSuffix(name) }).contents
        }
        let emitted =
            #"objectListPolicies: ["User": ["friends": GraphQLListPolicy(keyArguments: ["kind"], paginationArguments: ["first", "after"], merge: .connection(after: "after", before: "before"))]])"#
        #expect(try file("FQuery.swift").contains(emitted))
        #expect(try file("MMutation.swift").contains(emitted))
        #expect(try file("Friends.swift").contains(emitted))
        #expect(try !file("CQuery.swift").contains("objectListPolicies"), "a query not selecting the field has none")
    }
}
