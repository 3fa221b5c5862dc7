/// A generated image (a game's logo).
struct SampleImage {
    var id: String
    var url: String
    var width: Int
    var height: Int

    /// `ImageDetails` as the GraphQL server sends it.
    var graphQLJSON: String {
        JSONText.object([
            ("__typename", JSONText.string("Image")),
            ("id", JSONText.string(id)),
            ("url", JSONText.string(url)),
            ("width", JSONText.number(width)),
            ("height", JSONText.number(height)),
        ])
    }

    /// The REST image.
    var restJSON: String {
        JSONText.object([
            ("image_id", JSONText.string(id)),
            ("url", JSONText.string(url)),
            ("w", JSONText.number(width)),
            ("h", JSONText.number(height)),
        ])
    }
}
