import Foundation
import GraphQLBridge

/// A step of issue 31's paths into the store: the app's own edits in a cache transaction, and a detail opened from
/// a list through a cache redirect (`Query.user(id)` and `Query.users(ids)` are field policies of the model API).
enum ModelLocalEdit: Sendable, Hashable, CustomStringConvertible {
    /// The app writes `operation`'s data as the server holds it now, in a transaction; `marked`: with every `name`
    /// and `title` changed (`+local`), values the server never held, which the cache must serve until a newer
    /// answer replaces them. A read through the same cache right after gives what was written.
    case write(cache: Int, operation: String, variables: [String: JSONValue], marked: Bool)
    /// The app evicts a user's record: `user(id:)` then misses (no request with `.cacheOnly`).
    case evictObject(cache: Int, user: String)
    /// The app evicts one field of a user's record (`name` or `karma`): the queries selecting it miss.
    case evictField(cache: Int, user: String, field: String)
    /// `users(ids:)` from the server (no `Cache-Control`), then `user(id:)` of one of them with `.cacheOnly`: read
    /// through the redirect from the list's records (a hit), checked by the invariant when fresh.
    case open(cache: Int, ids: [String], user: String)

    var description: String {
        func text(_ variables: [String: JSONValue]) -> String { JSONValue.object(JSONObject(variables)).jsonText }
        switch self {
        case .write(let cache, let operation, let variables, let marked):
            return "local write of \(operation)\(text(variables)) on cache \(cache)\(marked ? ", names marked" : "")"
        case .evictObject(let cache, let user): return "evict User:\(user) on cache \(cache)"
        case .evictField(let cache, let user, let field): return "evict User:\(user).\(field) on cache \(cache)"
        case .open(let cache, let ids, let user): return "open user \(user) from the list \(ids) on cache \(cache)"
        }
    }

    static func random(_ random: inout ModelRandom, caches: Int) -> ModelLocalEdit {
        let cache = random.next(upTo: caches)
        switch random.next(upTo: 10) {
        case 0..<4:
            let operation = random.pick(ModelCatalogue.queries)
            return .write(
                cache: cache, operation: operation.name, variables: operation.drawVariables(&random),
                marked: random.chance(0.6))
        case 4: return .evictObject(cache: cache, user: random.pick(ModelWorld.userIDs))
        case 5:
            return .evictField(
                cache: cache, user: random.pick(ModelWorld.userIDs), field: random.pick(["name", "karma"]))
        default:
            let ids = random.sample(ModelWorld.userIDs, count: 1 + random.next(upTo: 3))
            return .open(cache: cache, ids: ids, user: random.pick(ids))
        }
    }
}

/// A value the app wrote itself, served by the caches until an answer to a request made after it replaces it.
struct ModelLocalValue: Sendable {
    /// The leaf's JSON text.
    var value: String
    /// The transport's execution count when it was written: executions from this id on were requested after it.
    var mark: Int
    /// The clear epoch it was written in.
    var epoch: Int
}
