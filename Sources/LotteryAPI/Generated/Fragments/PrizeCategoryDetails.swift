// This file is in the form GraphQLCodegen emits for `fragment PrizeCategoryDetails on PrizeCategory`.

import Foundation
import GraphQLBridge

/// `fragment PrizeCategoryDetails on PrizeCategory`.
public struct PrizeCategoryDetails: GraphQLFragment, Hashable {
    public static let fragmentName = "PrizeCategoryDetails"
    public static let typeCondition = "PrizeCategory"
    public static let fragmentDefinition =
        "fragment PrizeCategoryDetails on PrizeCategory{__typename matched bonusMatched winners amount}"

    public let __typename: String
    public let matched: Int
    public let bonusMatched: Bool
    public let winners: Long
    public let amount: Long

    public init(__typename: String = "PrizeCategory", matched: Int, bonusMatched: Bool, winners: Long, amount: Long) {
        self.__typename = __typename
        self.matched = matched
        self.bonusMatched = bonusMatched
        self.winners = winners
        self.amount = amount
    }

    enum CodingKeys: String, CodingKey {
        case __typename, matched, bonusMatched, winners, amount
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.__typename = try container.decode(String.self, forKey: .__typename)
        self.matched = try container.decode(Int.self, forKey: .matched)
        self.bonusMatched = try container.decode(Bool.self, forKey: .bonusMatched)
        self.winners = try container.decodeScalar(Long.self, forKey: .winners)
        self.amount = try container.decodeScalar(Long.self, forKey: .amount)
    }
}
