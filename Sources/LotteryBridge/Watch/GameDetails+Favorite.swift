import GraphQLBridge
import LotteryAPI

extension GameDetails {
    /// The same game with another favourite flag: the optimistic result of `SetFavorite`.
    func with(isFavorite: Bool) -> GameDetails {
        GameDetails(
            __typename: __typename, id: id, name: name, type: type, isActive: isActive, ticketPrice: ticketPrice,
            currency: currency, superPrize: superPrize, numbersCount: numbersCount, numbersRange: numbersRange,
            bonusRange: bonusRange, logo: logo, nextDraw: nextDraw, lastDraw: lastDraw, drawsCount: drawsCount,
            rulesUrl: rulesUrl, isFavorite: isFavorite)
    }
}
