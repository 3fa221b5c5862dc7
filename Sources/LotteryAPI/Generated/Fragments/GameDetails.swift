// This file is in the form GraphQLCodegen emits for `fragment GameDetails on Game`.

import Foundation
import GraphQLBridge

/// `fragment GameDetails on Game`.
public struct GameDetails: GraphQLFragment, Hashable, Identifiable {
    public static let fragmentName = "GameDetails"
    public static let typeCondition = "Game"
    public static let fragmentDefinition =
        "fragment GameDetails on Game{__typename id name type isActive ticketPrice currency superPrize numbersCount "
        + "numbersRange bonusRange logo{...ImageDetails}nextDraw{...DrawDetails}lastDraw{...DrawDetails}drawsCount "
        + "rulesUrl}"

    public let __typename: String
    public let id: GraphQLID
    public let name: String
    public let type: GameType
    public let isActive: Bool
    public let ticketPrice: Long
    public let currency: String
    public let superPrize: Long?
    public let numbersCount: Int
    public let numbersRange: Int
    public let bonusRange: Int?
    public let logo: ImageDetails?
    public let nextDraw: DrawDetails?
    public let lastDraw: DrawDetails?
    public let drawsCount: Long
    public let rulesUrl: String?

    public init(
        __typename: String = "Game", id: GraphQLID, name: String, type: GameType, isActive: Bool, ticketPrice: Long,
        currency: String, superPrize: Long?, numbersCount: Int, numbersRange: Int, bonusRange: Int?,
        logo: ImageDetails?, nextDraw: DrawDetails?, lastDraw: DrawDetails?, drawsCount: Long, rulesUrl: String?
    ) {
        self.__typename = __typename
        self.id = id
        self.name = name
        self.type = type
        self.isActive = isActive
        self.ticketPrice = ticketPrice
        self.currency = currency
        self.superPrize = superPrize
        self.numbersCount = numbersCount
        self.numbersRange = numbersRange
        self.bonusRange = bonusRange
        self.logo = logo
        self.nextDraw = nextDraw
        self.lastDraw = lastDraw
        self.drawsCount = drawsCount
        self.rulesUrl = rulesUrl
    }

    enum CodingKeys: String, CodingKey {
        case __typename, id, name, type, isActive, ticketPrice, currency, superPrize, numbersCount, numbersRange
        case bonusRange, logo, nextDraw, lastDraw, drawsCount, rulesUrl
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.__typename = try container.decode(String.self, forKey: .__typename)
        self.id = try container.decodeScalar(GraphQLID.self, forKey: .id)
        self.name = try container.decode(String.self, forKey: .name)
        self.type = try container.decode(GameType.self, forKey: .type)
        self.isActive = try container.decode(Bool.self, forKey: .isActive)
        self.ticketPrice = try container.decodeScalar(Long.self, forKey: .ticketPrice)
        self.currency = try container.decode(String.self, forKey: .currency)
        self.superPrize = try container.decodeScalar(Long?.self, forKey: .superPrize)
        self.numbersCount = try container.decode(Int.self, forKey: .numbersCount)
        self.numbersRange = try container.decode(Int.self, forKey: .numbersRange)
        self.bonusRange = try container.decodeIfPresent(Int.self, forKey: .bonusRange)
        self.logo = try container.decodeIfPresent(ImageDetails.self, forKey: .logo)
        self.nextDraw = try container.decodeIfPresent(DrawDetails.self, forKey: .nextDraw)
        self.lastDraw = try container.decodeIfPresent(DrawDetails.self, forKey: .lastDraw)
        self.drawsCount = try container.decodeScalar(Long.self, forKey: .drawsCount)
        self.rulesUrl = try container.decodeIfPresent(String.self, forKey: .rulesUrl)
    }
}
