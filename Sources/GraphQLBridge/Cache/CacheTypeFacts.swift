/// What an operation's metadata says of one type, for ``CacheNormalizer``: its key fields and its fields' lifetimes.
/// (A class: handed out at each object of the type without copying its parts.)
final class CacheTypeFacts: Sendable {
    let typeName: String?
    let keyFields: [String]
    let lifetimes: CacheFieldLifetimes
    /// How an object key of the type starts: its type name as a key writes it (``CacheKey/appendComponent(_:to:)``)
    /// and `:`, spelled once.
    let keyPrefix: [UInt8]

    init(typeName: String?, keyFields: [String], lifetimes: CacheFieldLifetimes) {
        self.typeName = typeName
        self.keyFields = keyFields
        self.lifetimes = lifetimes
        var prefix: [UInt8] = []
        if let typeName {
            CacheKey.appendComponent(typeName, to: &prefix)
            prefix.append(UInt8(ascii: ":"))
        }
        keyPrefix = prefix
    }
}
