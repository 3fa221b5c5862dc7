// This file is in the form GraphQLCodegen emits for `query Game`.

import Foundation
import GraphQLBridge

/// `query Game($id: ID!)`: a game by its id; `data.game` is `nil` when there is no such game.
public struct GameQuery: GraphQLQuery {
    public static let operationName = "Game"
    public static let document =
        "query Game($id:ID!){game(id:$id){...GameDetails}}" + DrawDetails.fragmentDefinition
        + GameDetails.fragmentDefinition + ImageDetails.fragmentDefinition + PrizeCategoryDetails.fragmentDefinition

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
        public let game: GameDetails?

        public init(game: GameDetails?) {
            self.game = game
        }

        enum CodingKeys: String, CodingKey {
            case game
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.game = try container.decodeIfPresent(GameDetails.self, forKey: .game)
        }
    }
}
