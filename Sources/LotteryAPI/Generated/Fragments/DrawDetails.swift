// This file is in the form GraphQLCodegen emits for `fragment DrawDetails on Draw`.

import Foundation
import GraphQLBridge

/// `fragment DrawDetails on Draw`.
public struct DrawDetails: GraphQLFragment, Hashable, Identifiable {
    public static let fragmentName = "DrawDetails"
    public static let typeCondition = "Draw"
    public static let fragmentDefinition =
        "fragment DrawDetails on Draw{__typename id gameId number date status winningNumbers bonusNumbers prizePool "
        + "superPrize ticketsSold prizeCategories{...PrizeCategoryDetails}videoUrl}"

    public let __typename: String
    public let id: GraphQLID
    public let gameId: GraphQLID
    public let number: Long
    public let date: DateTime
    public let status: DrawStatus
    public let winningNumbers: [Int]
    public let bonusNumbers: [Int]
    public let prizePool: Long?
    public let superPrize: Long?
    public let ticketsSold: Long
    public let prizeCategories: [PrizeCategoryDetails]
    public let videoUrl: String?

    public init(
        __typename: String = "Draw", id: GraphQLID, gameId: GraphQLID, number: Long, date: DateTime,
        status: DrawStatus, winningNumbers: [Int], bonusNumbers: [Int], prizePool: Long?, superPrize: Long?,
        ticketsSold: Long, prizeCategories: [PrizeCategoryDetails], videoUrl: String?
    ) {
        self.__typename = __typename
        self.id = id
        self.gameId = gameId
        self.number = number
        self.date = date
        self.status = status
        self.winningNumbers = winningNumbers
        self.bonusNumbers = bonusNumbers
        self.prizePool = prizePool
        self.superPrize = superPrize
        self.ticketsSold = ticketsSold
        self.prizeCategories = prizeCategories
        self.videoUrl = videoUrl
    }

    enum CodingKeys: String, CodingKey {
        case __typename, id, gameId, number, date, status, winningNumbers, bonusNumbers, prizePool, superPrize
        case ticketsSold, prizeCategories, videoUrl
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.__typename = try container.decode(String.self, forKey: .__typename)
        self.id = try container.decodeScalar(GraphQLID.self, forKey: .id)
        self.gameId = try container.decodeScalar(GraphQLID.self, forKey: .gameId)
        self.number = try container.decodeScalar(Long.self, forKey: .number)
        self.date = try container.decodeScalar(DateTime.self, forKey: .date)
        self.status = try container.decode(DrawStatus.self, forKey: .status)
        self.winningNumbers = try container.decode([Int].self, forKey: .winningNumbers)
        self.bonusNumbers = try container.decode([Int].self, forKey: .bonusNumbers)
        self.prizePool = try container.decodeScalar(Long?.self, forKey: .prizePool)
        self.superPrize = try container.decodeScalar(Long?.self, forKey: .superPrize)
        self.ticketsSold = try container.decodeScalar(Long.self, forKey: .ticketsSold)
        self.prizeCategories = try container.decode([PrizeCategoryDetails].self, forKey: .prizeCategories)
        self.videoUrl = try container.decodeIfPresent(String.self, forKey: .videoUrl)
    }
}
