import Foundation
import GraphQLBridge

/// The transport of ``GraphQLClient/unimplemented()``: there is no server, so an operation sent through the
/// runtime client directly (not through a ``GraphQLRequest``) fails with a message that says so.
struct UnimplementedTransport: GraphQLTransport {
    func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        throw TransportError(
            .other,
            "GraphQLClient.unimplemented() has no server: operation \(operationName) was sent through its runtime "
                + "client directly; fetch a GraphQLRequest and override it, or use GraphQLStubTransport")
    }
}
