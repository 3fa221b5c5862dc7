// This file is in the form GraphQLCodegen emits for `query Image`.

import Foundation
import GraphQLBridge

/// `query Image($id: ID!)`: an image; `data.image` is `nil` when there is no such image.
public struct ImageQuery: GraphQLQuery {
    public static let operationName = "Image"
    public static let document =
        "query Image($id:ID!){image(id:$id){...ImageDetails}}" + ImageDetails.fragmentDefinition

    public var id: GraphQLID

    public init(id: GraphQLID) {
        self.id = id
    }

    public var variables: Variables { Variables(id: id) }

    public struct Variables: Encodable, Sendable, Hashable {
        public var id: GraphQLID

        enum CodingKeys: String, CodingKey {
            case id
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
        }
    }

    public struct Data: Decodable, Sendable, Hashable {
        public let image: ImageDetails?

        public init(image: ImageDetails?) {
            self.image = image
        }

        enum CodingKeys: String, CodingKey {
            case image
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.image = try container.decodeIfPresent(ImageDetails.self, forKey: .image)
        }
    }
}
