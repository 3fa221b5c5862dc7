import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// Holds the requests of one operation until the test releases them, one by one and in any order: optimistic
/// states are observed while the mutation is in flight, without timing.
package actor MutationGate: GraphQLMiddleware {
    package let operation: String
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    private var released: Set<Int> = []
    package private(set) var arrivals = 0

    package init(operation: String) {
        self.operation = operation
    }

    package nonisolated func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next)
        async throws -> (HTTPResponse, Data)
    {
        if operationName == operation { await enter() }
        return try await next(request, body, operationName)
    }

    private func enter() async {
        arrivals += 1
        let number = arrivals
        if released.contains(number) { return }
        await withCheckedContinuation { waiting[number] = $0 }
    }

    /// Lets the `number`th request (1-based, in arrival order) go.
    package func release(_ number: Int) {
        released.insert(number)
        waiting.removeValue(forKey: number)?.resume()
    }

    /// Waits until `count` requests have arrived (a hang detector bounds it).
    package func waitForArrivals(_ count: Int) async throws {
        try await HangDetector.waitUntil("\(count) \(operation) requests") { @Sendable in await self.arrivals >= count }
    }
}
