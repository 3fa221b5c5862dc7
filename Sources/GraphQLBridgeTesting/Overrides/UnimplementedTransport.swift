import Foundation
import GraphQLBridge

/// A transport with no server behind it: every request fails with `APIError/unimplemented(operation:request:advice:)`
/// naming the operation. The runtime client of an app's `unimplemented()` test double, whose requests are all meant
/// to be answered by its `RequestOverrides`: one that reaches the transport was sent around them.
///
/// ```swift
/// let runtime = GraphQLHTTPClient(
///     endpoint: URL(fileURLWithPath: "/unimplemented/graphql"),
///     transport: UnimplementedTransport(testDouble: "ShopClient.unimplemented()"))
/// ```
public struct UnimplementedTransport: GraphQLTransport {
    /// The test double that uses the transport, as the error names it (`"ShopClient.unimplemented()"`).
    public let testDouble: String

    /// Creates a transport.
    /// - Parameter testDouble: the test double that uses it, as the error names it.
    public init(testDouble: String = "the test double") {
        self.testDouble = testDouble
    }

    /// Fails with `APIError/unimplemented(operation:request:advice:)`.
    public func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        throw APIError.unimplemented(
            operation: operationName, request: "operation \(operationName)",
            advice: "\(testDouble) has no server: the operation was sent through its runtime client directly, not "
                + "as one of the app's requests; send the request through the test double and override it, or use "
                + "GraphQLStubTransport")
    }
}
