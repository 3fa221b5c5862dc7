// This file is in the form GraphQLCodegen emits for `fragment ImageDetails on Image`.

import Foundation
import GraphQLBridge

/// `fragment ImageDetails on Image`.
public struct ImageDetails: GraphQLFragment, Hashable, Identifiable {
    public static let fragmentName = "ImageDetails"
    public static let typeCondition = "Image"
    public static let fragmentDefinition = "fragment ImageDetails on Image{__typename id url width height}"

    public let __typename: String
    public let id: GraphQLID
    public let url: String
    public let width: Int
    public let height: Int

    public init(__typename: String = "Image", id: GraphQLID, url: String, width: Int, height: Int) {
        self.__typename = __typename
        self.id = id
        self.url = url
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey {
        case __typename, id, url, width, height
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.__typename = try container.decode(String.self, forKey: .__typename)
        self.id = try container.decodeScalar(GraphQLID.self, forKey: .id)
        self.url = try container.decode(String.self, forKey: .url)
        self.width = try container.decode(Int.self, forKey: .width)
        self.height = try container.decode(Int.self, forKey: .height)
    }
}
