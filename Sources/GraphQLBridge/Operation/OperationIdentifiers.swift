import Foundation

/// The identifiers of hand-written operations (those without a generated `operationIdentifier`): each document is
/// hashed once, at its first use, and kept by type.
///
/// `@unchecked Sendable`: `identifiers` is only read or written while `lock` is held.
final class OperationIdentifiers: @unchecked Sendable {
    static let shared = OperationIdentifiers()
    private let lock = NSLock()
    private var identifiers: [ObjectIdentifier: String] = [:]

    /// The SHA-256 of `type.document`, as 64 lowercase hex digits.
    func identifier<Operation: GraphQLOperation>(of type: Operation.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ identifiers[key] }) { return known }
        let identifier = SHA256.hex(Operation.document)
        lock.withLock { identifiers[key] = identifier }
        return identifier
    }
}
