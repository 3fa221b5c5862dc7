import GraphQLBridge

extension RequestOverrides {
    /// The overrides of an `unimplemented()` test double: a request that no override answers fails with
    /// `APIError/unimplemented(operation:request:advice:)`, which names the request and the override to add, and is
    /// listed in `unimplementedRequests`.
    /// - Parameter testDouble: how the advice of that error names the double (`"ShopClient.unimplemented()"`).
    public convenience init(testDouble: String = "test double") {
        self.init(unimplemented: true, testDouble: testDouble)
    }
}
