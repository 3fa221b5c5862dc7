/// An image of the lottery data set (`images[]` in `dataset.json`).
public struct DataSetImage: Decodable, Sendable, Equatable {
    /// The image id (`image_id` in REST, `id` in GraphQL).
    public let id: String
    /// The image's absolute URL.
    public let url: String
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Creates an image record.
    public init(id: String, url: String, width: Int, height: Int) {
        self.id = id
        self.url = url
        self.width = width
        self.height = height
    }
}
