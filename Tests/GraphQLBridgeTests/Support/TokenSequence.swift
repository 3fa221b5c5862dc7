import GraphQLBridgeSupport

/// A bearer token that changes between connections (a refreshed token), read at each one.
final class TokenSequence: Sendable {
    private let index = Locked(0)
    private let tokens: [String]

    init(_ tokens: [String]) { self.tokens = tokens }

    func next() -> String? {
        index.withLock { index in
            defer { index += 1 }
            return tokens.isEmpty ? nil : tokens[min(index, tokens.count - 1)]
        }
    }
}
