import Foundation

extension ImageInfo: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id = "image_id"
        case url
        case width = "w"
        case height = "h"
    }

    /// Decodes an image from its REST JSON: `{"image_id": "logo-6x45", "url": "https://...", "w": 128, "h": 128}`.
    ///
    /// - Throws: `DecodingError` with the field's coding path when a field is missing, has the wrong JSON type,
    ///   or `url` is not a valid absolute URL.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            url: try container.decodeLegacyURL(forKey: .url),
            width: try container.decode(Int.self, forKey: .width),
            height: try container.decode(Int.self, forKey: .height)
        )
    }
}
