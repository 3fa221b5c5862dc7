import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI

extension ImageInfo {
    /// The legacy image from GraphQL's `ImageDetails`: `id`, `url`, `width`/`height` → `w`/`h`.
    /// - Throws: when `url` is not an absolute URL (the path names the field).
    public init(graphQL image: ImageDetails) throws(GraphQLDecodingError) {
        self.init(
            id: image.id, url: try GraphQLFieldConversion.url(image.url, field: "url"), width: image.width,
            height: image.height)
    }
}
