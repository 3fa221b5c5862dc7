/// The lifetimes of one type's fields: the server's for the whole response, else the configured ones of the type
/// (looked up once per type, not per field).
struct CacheFieldLifetimes: Sendable {
    let server: Duration?
    /// The type's fields with a lifetime of their own: a few, scanned (cheaper than hashing each field's name).
    let fields: [(name: String, maxAge: Duration)]
    let type: Duration?

    init(_ metadata: GraphQLCacheMetadata, typeName: String?, serverMaxAge: Duration?) {
        server = serverMaxAge
        let (fields, type) = serverMaxAge == nil ? metadata.maxAges(on: typeName) : (nil, nil)
        self.fields = (fields ?? [:]).map { (name: $0.key, maxAge: $0.value) }
        self.type = type
    }

    /// The lifetime of `field` (`nil`: the cache's).
    func of(_ field: CollectedField) -> Duration? {
        if let server { return server }
        if !fields.isEmpty, let own = fields.first(where: { $0.name == field.name }) { return own.maxAge }
        return type
    }
}
