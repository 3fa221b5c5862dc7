/// The kind of an operation.
public enum OperationType: String, Sendable, Hashable, CaseIterable {
    /// A read-only fetch.
    case query
    /// A write followed by a fetch.
    case mutation
    /// A long-lived request that receives events.
    case subscription
}
