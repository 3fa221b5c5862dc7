// This file is in the form GraphQLCodegen emits for `query Draw`.

import Foundation
import GraphQLBridge

/// `query Draw($gameId: ID!, $number: Long!)`: one draw; `data.draw` is `nil` when there is no such draw.
public struct DrawQuery: GraphQLQuery {
    public static let operationName = "Draw"
    public static let document =
        "query Draw($gameId:ID!,$number:Long!){draw(gameId:$gameId,number:$number){...DrawDetails}}"
        + DrawDetails.fragmentDefinition + PrizeCategoryDetails.fragmentDefinition

    public var gameId: GraphQLID
    public var number: Long

    public init(gameId: GraphQLID, number: Long) {
        self.gameId = gameId
        self.number = number
    }

    public var variables: Variables { Variables(gameId: gameId, number: number) }

    public struct Variables: Encodable, Sendable, Hashable {
        public var gameId: GraphQLID
        public var number: Long

        enum CodingKeys: String, CodingKey {
            case gameId, number
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(gameId, forKey: .gameId)
            try container.encode(number, forKey: .number)
        }
    }

    public struct Data: Decodable, Sendable, Hashable {
        public let draw: DrawDetails?

        public init(draw: DrawDetails?) {
            self.draw = draw
        }

        enum CodingKeys: String, CodingKey {
            case draw
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.draw = try container.decodeIfPresent(DrawDetails.self, forKey: .draw)
        }
    }
}
