/// Generates the decode workload's games deterministically from a seed: realistic values, with the cases
/// that matter for decoding mixed in (Longs beyond 2^53 and near `Int64.max`, nulls, field errors, unknown
/// enum values, non-ASCII and escaped strings, dates that fall on another day in Moscow than in UTC).
struct SampleDataGenerator {
    private var random: SeededGenerator
    private let drawsPerGame: Int

    /// 2^53: Longs above it do not survive a trip through `Double`.
    static let twoPower53: Int64 = 9_007_199_254_740_992

    init(seed: UInt64, drawsPerGame: Int) {
        random = SeededGenerator(seed: seed)
        self.drawsPerGame = drawsPerGame
    }

    /// `count` games.
    mutating func games(count: Int) -> [SampleGame] {
        (0..<count).map { game(index: $0) }
    }

    private struct Shape {
        var type: (graphQL: String, restCode: Int)
        var numbersCount: Int
        var numbersRange: Int
        var bonusRange: Int?
        /// Seconds between draws.
        var interval: Int64
        var name: String
    }

    private mutating func shape(index: Int) -> Shape {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<55:
            let (count, range, bonus) = random.pick([
                (6, 45, nil), (5, 36, 4), (7, 49, nil), (6, 36, nil), (4, 20, nil),
            ])
            let name = random.pick([
                "Gosloto \(count) of \(range)", "Гослото «\(count) из \(range)»", "Lotto \(count)/\(range) #\(index)",
            ])
            return Shape(
                type: ("LOTTO", 1), numbersCount: count, numbersRange: range, bonusRange: bonus,
                interval: random.pick([86_400, 302_400, 3600 * 4]), name: name)
        case 55..<75:
            return Shape(
                type: ("KENO", 2), numbersCount: 20, numbersRange: 80, bonusRange: nil, interval: 900,
                name: random.pick(["Keno \"Express\" #\(index)", "Кено-Спортлото \(index)"]))
        case 75..<90:
            return Shape(
                type: ("RAPID", 3), numbersCount: 8, numbersRange: 20, bonusRange: random.chance(50) ? 4 : nil,
                interval: 600, name: "Rapido \(index)")
        case 90..<99:
            return Shape(
                type: ("INSTANT", 4), numbersCount: 3, numbersRange: 10, bonusRange: nil, interval: 86_400 * 7,
                name: "Scratch\tcard \\ \(index)")
        default:
            // A type added on the server after the app shipped: both APIs' values become `.unknown`.
            return Shape(
                type: ("RAFFLE", 5), numbersCount: 15, numbersRange: 90, bonusRange: nil, interval: 86_400 * 30,
                name: "Русское лото — розыгрыш \(index)")
        }
    }

    private mutating func game(index: Int) -> SampleGame {
        let shape = shape(index: index)
        let id = "\(shape.numbersCount)x\(shape.numbersRange)-\(index)"
        let isActive = random.chance(90)
        let superPrize: Int64? =
            random.chance(20)
            ? nil
            : random.chance(5)
                ? Self.twoPower53 + Int64.random(in: 1...1_000_000_000_000_000, using: &random)
                : random.chance(1) ? Int64.max : Int64.random(in: 100_000_000...90_000_000_000_000, using: &random)
        let drawsCount: Int64
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<5: drawsCount = Self.twoPower53 + Int64.random(in: 1...1_000_000, using: &random)
        case 5: drawsCount = Int64.max - 64
        default: drawsCount = Int64.random(in: 100...250_000, using: &random)
        }
        // The last completed draw is number `drawsCount`; active games sell the next one or two.
        let lastNumber = drawsCount
        let newestNumber = isActive ? lastNumber + (random.chance(30) ? 2 : 1) : lastNumber
        // Whole seconds, any time of day: a draw late in the UTC day is on the next day in Moscow.
        let lastDate = Int64(1_767_225_600) + Int64.random(in: 0..<(365 * 86_400), using: &random)
        var draws: [SampleDraw] = []
        draws.reserveCapacity(drawsPerGame)
        for offset in 0..<Int64(drawsPerGame) {
            let number = newestNumber - offset
            guard number >= 1 else { break }
            draws.append(
                draw(
                    gameId: id, number: number, lastNumber: lastNumber,
                    unixSeconds: lastDate + (number - lastNumber) * shape.interval, shape: shape,
                    superPrize: superPrize))
        }
        let nextDraw = isActive && random.chance(95) ? draws.first { $0.number == lastNumber + 1 } : nil
        let lastDraw = random.chance(95) ? draws.first { $0.number == lastNumber } : nil
        let logo =
            random.chance(90)
            ? SampleImage(
                id: "logo-\(id)", url: "https://cdn.lottery.example/logos/\(id).png",
                width: random.pick([64, 128, 256, 512]), height: random.pick([64, 128, 256]))
            : nil
        return SampleGame(
            id: id,
            name: shape.name,
            type: shape.type,
            isActive: isActive,
            ticketPrice: random.chance(2)
                ? Int64.random(in: 1...99_999, using: &random)
                : random.pick([5_000, 10_000, 15_000, 20_000, 30_000, 50_000]),
            currency: random.chance(95) ? "RUB" : "USD",
            superPrize: superPrize,
            numbersCount: shape.numbersCount,
            numbersRange: shape.numbersRange,
            bonusRange: shape.bonusRange,
            logo: logo,
            nextDraw: nextDraw,
            lastDraw: lastDraw,
            drawsCount: drawsCount,
            rulesUrl: random.chance(80) ? "https://lottery.example/rules/\(id)?lang=ru&v=\(index % 7)" : nil,
            isFavorite: index % 5 == 0,
            draws: draws)
    }

    private mutating func draw(
        gameId: String, number: Int64, lastNumber: Int64, unixSeconds: Int64, shape: Shape, superPrize: Int64?
    ) -> SampleDraw {
        let status: String
        if number > lastNumber + 1 {
            status = "ANNOUNCED"
        } else if number == lastNumber + 1 {
            status = random.chance(90) ? "SELLING" : "DRAWING"
        } else {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<2: status = "CANCELLED"
            case 2: status = "POSTPONED"  // a status added on the server after the app shipped
            default: status = "COMPLETED"
            }
        }
        let completed = status == "COMPLETED"
        var winning: [Int] = []
        var bonus: [Int] = []
        var categories: [SamplePrizeCategory] = []
        if completed {
            var pool = Array(1...shape.numbersRange)
            pool.shuffle(using: &random)
            winning = Array(pool.prefix(shape.numbersCount))  // drawn order, not sorted
            if let bonusRange = shape.bonusRange {
                bonus = [Int.random(in: 1...bonusRange, using: &random)]
            }
            let lowest = max(1, shape.numbersCount - Int.random(in: 2...5, using: &random))
            var amount = superPrize ?? Int64.random(in: 10_000_000...1_000_000_000, using: &random)
            for matched in stride(from: shape.numbersCount, through: lowest, by: -1) {
                let withBonus = shape.bonusRange != nil && matched >= shape.numbersCount - 1
                for bonusMatched in withBonus ? [true, false] : [false] {
                    let mostWinners = Int64(shape.numbersCount - matched + 1) * 4_000
                    let winners = Int64.random(in: 0...mostWinners, using: &random)
                    categories.append(
                        SamplePrizeCategory(
                            matched: matched, bonusMatched: bonusMatched, winners: winners, amount: amount))
                    amount = max(100, amount / Int64.random(in: 3...40, using: &random) / 100 * 100)
                }
            }
        }
        let ticketsSold: Int64 = status == "ANNOUNCED" ? 0 : Int64.random(in: 500...3_000_000, using: &random)
        let prizePool: Int64? =
            status == "ANNOUNCED" ? nil : ticketsSold * Int64.random(in: 2_000...6_000, using: &random)
        return SampleDraw(
            id: "\(gameId)-\(number)",
            gameId: gameId,
            number: number,
            unixSeconds: unixSeconds,
            status: status,
            winningNumbers: winning,
            bonusNumbers: bonus,
            prizePool: prizePool,
            superPrize: status == "ANNOUNCED" ? nil : superPrize,
            ledgerDown: status != "ANNOUNCED" && random.chance(3),
            ticketsSold: ticketsSold,
            categories: categories,
            videoUrl: completed && random.chance(70)
                ? "https://video.lottery.example/draws/\(gameId)/\(number).mp4" : nil)
    }
}
