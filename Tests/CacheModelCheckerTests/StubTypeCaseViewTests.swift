import CacheModelAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// A stub of an interface-typed field (issue 30, papercut 6): the shared fields are on the value and on its type case
/// view (`asUser`). A view left out, or a view that disagrees with its value, is the test's mistake: the request fails
/// with a `GraphQLStubError` that names the field, never with advice about the schema or a silently chosen value.
@Suite("GraphQLStubTransport with type case views")
struct StubTypeCaseViewTests {
    static func fetch(_ node: NodeByIDQuery.Data.Node) async throws -> NodeByIDQuery.Data? {
        let transport = GraphQLStubTransport()
        transport.stub(NodeByIDQuery.self, data: NodeByIDQuery.Data(node: node))
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "https://api.example/graphql")), transport: transport)
        return try await client.execute(NodeByIDQuery(id: "u1")).data
    }

    static func failure(_ node: NodeByIDQuery.Data.Node) async throws -> String {
        do {
            let data = try await fetch(node)
            Issue.record("the stub answered: \(String(describing: data))")
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("value and view agreeing: the answer comes back equal")
    func agreeing() async throws {
        let node = NodeByIDQuery.Data.Node(
            __typename: "User", id: "u1", asUser: .init(id: "u1", name: "Ann", karma: 3))
        #expect(try await Self.fetch(node) == NodeByIDQuery.Data(node: node))
    }

    @Test("a view that disagrees with its value about a shared field: a GraphQLStubError naming the field")
    func disagreeing() async throws {
        let node = NodeByIDQuery.Data.Node(
            __typename: "User", id: "u1", asUser: .init(id: "u2", name: "Ann", karma: 3))
        let message = try await Self.failure(node)
        #expect(message.contains("the stub of NodeByID cannot be sent"), "\(message)")
        #expect(message.contains(#"node.id is given two different values, "u1" and "u2""#), "\(message)")
        #expect(message.contains("(at node.id)"), "\(message)")
    }

    @Test("a User without its asUser view: a GraphQLStubError naming the missing field and the view")
    func viewLeftOut() async throws {
        let message = try await Self.failure(NodeByIDQuery.Data.Node(__typename: "User", id: "u1"))
        #expect(message.contains("the stub of NodeByID cannot be sent"), "\(message)")
        #expect(message.contains("the stubbed data has no `name`"), "\(message)")
        #expect(message.contains("type case view (`asX`)"), "\(message)")
        #expect(message.contains("(at node.name)"), "\(message)")
        #expect(!message.contains("scalar mapping"), "\(message)")
    }
}
