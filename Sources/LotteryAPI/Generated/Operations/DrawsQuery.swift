// This file is in the form GraphQLCodegen emits for `query Draws`.

import Foundation
import GraphQLBridge

/// `query Draws($gameId: ID!, $last: Int, $before: Long)`: a game's draws, newest first.
public struct DrawsQuery: GraphQLQuery {
    public static let operationName = "Draws"
    public static let document =
        "query Draws($gameId:ID!,$last:Int,$before:Long){draws(gameId:$gameId,last:$last,before:$before)"
        + "{...DrawDetails}}" + DrawDetails.fragmentDefinition + PrizeCategoryDetails.fragmentDefinition

    public var gameId: GraphQLID
    public var last: GraphQLNullable<Int>
    public var before: GraphQLNullable<Long>

    public init(gameId: GraphQLID, last: GraphQLNullable<Int> = .none, before: GraphQLNullable<Long> = .none) {
        self.gameId = gameId
        self.last = last
        self.before = before
    }

    public var variables: Variables { Variables(gameId: gameId, last: last, before: before) }

    public struct Variables: Encodable, Sendable, Hashable {
        public var gameId: GraphQLID
        public var last: GraphQLNullable<Int>
        public var before: GraphQLNullable<Long>

        enum CodingKeys: String, CodingKey {
            case gameId, last, before
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(gameId, forKey: .gameId)
            try container.encode(last, forKey: .last)
            try container.encode(before, forKey: .before)
        }
    }

    public struct Data: Decodable, Sendable, Hashable {
        public let draws: [DrawDetails]

        public init(draws: [DrawDetails]) {
            self.draws = draws
        }

        enum CodingKeys: String, CodingKey {
            case draws
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.draws = try container.decode([DrawDetails].self, forKey: .draws)
        }
    }
}
