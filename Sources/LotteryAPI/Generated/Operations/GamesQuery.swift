// This file is in the form GraphQLCodegen emits for `query Games`.

import Foundation
import GraphQLBridge

/// `query Games($type: GameType, $activeOnly: Boolean)`: games ordered by id.
public struct GamesQuery: GraphQLQuery {
    public static let operationName = "Games"
    public static let document =
        "query Games($type:GameType,$activeOnly:Boolean){games(type:$type,activeOnly:$activeOnly){...GameDetails}}"
        + DrawDetails.fragmentDefinition + GameDetails.fragmentDefinition + ImageDetails.fragmentDefinition
        + PrizeCategoryDetails.fragmentDefinition

    public var type: GraphQLNullable<GameType>
    public var activeOnly: GraphQLNullable<Bool>

    public init(type: GraphQLNullable<GameType> = .none, activeOnly: GraphQLNullable<Bool> = .none) {
        self.type = type
        self.activeOnly = activeOnly
    }

    public var variables: Variables { Variables(type: type, activeOnly: activeOnly) }

    public struct Variables: Encodable, Sendable, Hashable {
        public var type: GraphQLNullable<GameType>
        public var activeOnly: GraphQLNullable<Bool>

        enum CodingKeys: String, CodingKey {
            case type, activeOnly
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(activeOnly, forKey: .activeOnly)
        }
    }

    public struct Data: Decodable, Sendable, Hashable {
        public let games: [GameDetails]

        public init(games: [GameDetails]) {
            self.games = games
        }

        enum CodingKeys: String, CodingKey {
            case games
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.games = try container.decode([GameDetails].self, forKey: .games)
        }
    }
}
