import Foundation
import GraphQLBridgeSupport

/// The identifiers of hand-written operations (those without a generated `operationIdentifier`): each document is
/// hashed once, at its first use, and kept by type.
final class OperationIdentifiers: Sendable {
    static let shared = OperationIdentifiers()
    private let identifiers = Locked<[ObjectIdentifier: String]>([:])

    /// The SHA-256 of `type.document`, as 64 lowercase hex digits.
    func identifier<Operation: GraphQLOperation>(of type: Operation.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = identifiers.withLock({ $0[key] }) { return known }
        let identifier = SHA256.hex(Operation.document)
        identifiers.withLock { $0[key] = identifier }
        return identifier
    }
}
