/// Whether doing a write twice leaves the same state as doing it once, which decides whether
/// ``MigrationRouter/routeWrite(_:mode:idempotency:comparator:context:requestCertainlyNotSent:rest:graphQL:readBack:)``
/// may repeat it through REST after GraphQL failed.
public enum WriteIdempotency: String, Sendable, Hashable, CaseIterable {
    /// Repeating it changes nothing more (setting a flag to a value, deleting by id): REST may repeat a write
    /// that GraphQL may or may not have applied.
    case idempotent
    /// Repeating it may apply it twice (adding to a counter, creating a record): REST repeats it only when
    /// the GraphQL request certainly never reached the server.
    case notIdempotent
}
