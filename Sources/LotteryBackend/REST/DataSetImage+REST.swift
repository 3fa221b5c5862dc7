import GraphQLServer

extension DataSetImage {
    /// The REST image: `{"image_id", "url", "w", "h"}`.
    var restJSON: JSONValue {
        .object([
            ("image_id", .string(id)),
            ("url", .string(url)),
            ("w", .int(width)),
            ("h", .int(height)),
        ])
    }
}
