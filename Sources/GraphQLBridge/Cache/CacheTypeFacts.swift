/// What an operation's metadata says of one type, for ``CacheNormalizer``: its key fields and its fields' lifetimes.
/// (A class: handed out at each object of the type without copying its parts.)
final class CacheTypeFacts: Sendable {
    let typeName: String?
    let keyFields: [String]
    let lifetimes: CacheFieldLifetimes

    init(typeName: String?, keyFields: [String], lifetimes: CacheFieldLifetimes) {
        self.typeName = typeName
        self.keyFields = keyFields
        self.lifetimes = lifetimes
    }
}
