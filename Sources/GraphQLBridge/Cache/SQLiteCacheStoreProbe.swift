import Foundation

/// A ``SQLiteCacheStore`` seen from outside the library, for the tool that the store's persistence and crash
/// tests start as another process (`graphql-cache-store-tool`). Not part of the API: `@_spi(Testing)`.
@_spi(Testing)
public final class SQLiteCacheStoreProbe {
    private let store: SQLiteCacheStore

    /// Opens the store at `fileURL`, as the cache would.
    public init(fileURL: URL, schemaVersion: String) throws(GraphQLCacheError) {
        store = try SQLiteCacheStore(fileURL: fileURL, schemaVersion: schemaVersion)
    }

    /// Set when the file was moved aside and replaced by an empty store.
    public var recovered: GraphQLCacheError? { store.recovered }

    /// Writes `records` in one transaction.
    public func write(_ records: [CacheRecord]) throws(GraphQLCacheError) {
        try store.write(records)
    }

    /// Every record, by key.
    public func allRecords() throws(GraphQLCacheError) -> [String: CacheRecord] {
        try store.records(forKeys: try store.allKeys())
    }
}

/// The SQLite store's record format seen from outside the library, for the `cache` fuzz target
/// (`Fuzz/cache/Harness.swift`). Not part of the API: `@_spi(Testing)`.
@_spi(Testing)
public enum CacheRecordCodecProbe {
    /// A record's fields as the store encodes them.
    public static func encode(_ fields: [String: CacheFieldEntry]) -> [UInt8] {
        CacheRecordCodec.encode(fields)
    }

    /// A record's fields from bytes read from the store.
    /// - Throws: a `.read` error when the bytes are not a record.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(GraphQLCacheError) -> [String: CacheFieldEntry] {
        try CacheRecordCodec.decode(bytes)
    }
}
