import Foundation

/// Why the cache could not read or write its store.
///
/// The cache never fails a fetch because of its store: a store error is reported (``GraphQLCache/problems``)
/// and the fetch goes to the server; only ``GraphQLCache`` calls made for the store itself (`clear()`)
/// throw it.
public struct GraphQLCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in a word.
    public enum Kind: String, Sendable, Hashable {
        /// The store could not be opened or created (a folder that cannot be written, ...).
        case open
        /// The store's file was not a cache store, or was damaged: it was moved aside and replaced by an empty
        /// store.
        case corrupt
        /// A read failed.
        case read
        /// A write failed (the transaction was rolled back: nothing half written).
        case write
    }

    /// What went wrong.
    public var kind: Kind
    /// The store's file, when it has one.
    public var path: String?
    /// The underlying message (SQLite's, or the system's).
    public var message: String

    /// Creates an error.
    public init(kind: Kind, path: String? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `cache store <path>: <kind>: <message>`.
    public var description: String {
        "cache store\(path.map { " \($0)" } ?? ""): \(kind.rawValue): \(message)"
    }
}

extension GraphQLCacheError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
