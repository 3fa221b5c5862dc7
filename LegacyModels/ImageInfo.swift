import Foundation

/// An image as the legacy app knows it: an id, where to load it from and its pixel size.
///
/// Built from the REST `image` payload (`{"image_id", "url", "w", "h"}`), see `ImageInfo+REST.swift`.
public struct ImageInfo: Equatable, Hashable, Sendable {
    /// The image id (REST `image_id`, GraphQL `id`).
    public var id: String
    /// Where the image can be downloaded.
    public var url: URL
    /// Width in pixels (REST `w`).
    public var width: Int
    /// Height in pixels (REST `h`).
    public var height: Int

    /// Creates an image from its fields.
    public init(id: String, url: URL, width: Int, height: Int) {
        self.id = id
        self.url = url
        self.width = width
        self.height = height
    }
}
