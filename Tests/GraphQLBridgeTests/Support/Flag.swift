import GraphQLBridgeSupport

/// A flag set from any thread (an observation's `onChange`).
final class Flag: Sendable {
    private let state = Locked(false)
    func set() { state.withLock { $0 = true } }
    var isSet: Bool { state.withLock { $0 } }
}
