import Foundation
import LegacyModels

/// The legacy models the generated data should decode to, built directly from the generated values (a
/// third opinion for the correctness check, next to the GraphQL and REST paths).
extension SampleGame {
    /// The game as a legacy `GameInfo`.
    var expectedGameInfo: GameInfo? {
        let rules: URL?
        if let rulesUrl {
            guard let url = URL(string: rulesUrl) else { return nil }
            rules = url
        } else {
            rules = nil
        }
        var logoInfo: ImageInfo?
        if let logo {
            guard let url = URL(string: logo.url) else { return nil }
            logoInfo = ImageInfo(id: logo.id, url: url, width: logo.width, height: logo.height)
        }
        return GameInfo(
            id: id,
            title: name,
            type: GameType(code: type.restCode),
            isActive: isActive,
            ticketPrice: Self.decimal(minorUnits: ticketPrice),
            currency: currency,
            superPrize: superPrize.map(Self.decimal(minorUnits:)),
            numbersCount: numbersCount,
            numbersRange: numbersRange,
            bonusRange: bonusRange,
            logo: logoInfo,
            nextDraw: nextDraw?.expectedDrawInfo,
            lastDraw: lastDraw?.expectedDrawInfo,
            drawsTotal: drawsCount,
            rulesURL: rules,
            isFavorite: isFavorite)
    }

    /// Money in major units: `minorUnits` hundredths, exact.
    static func decimal(minorUnits: Int64) -> Decimal {
        Decimal(
            sign: minorUnits < 0 ? .minus : .plus, exponent: -2, significand: Decimal(minorUnits.magnitude))
    }
}
