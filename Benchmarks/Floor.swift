/// The floor: plain `Codable` structs of the same shape as the GraphQL bodies, decoded by `JSONDecoder`
/// with synthesized conformances (`Int64` for `Long`, `String` for `DateTime`, enums and ids, optionals
/// as in the schema). No scalar rules, no adapters: what decoding these bytes costs at the least.
///
/// The only hand-written `init(from:)` is ``PathComponent``'s (a JSON string or integer), since a
/// synthesized enum conformance cannot read that.
enum Floor {
    /// `GameQuery`'s body.
    struct GameBody: Decodable {
        let data: GameData?
        let errors: [ErrorEntry]?
    }

    /// `GameQuery`'s `data`.
    struct GameData: Decodable {
        let game: Game?
    }

    /// `DrawsQuery`'s body.
    struct DrawsBody: Decodable {
        let data: DrawsData?
        let errors: [ErrorEntry]?
    }

    /// `DrawsQuery`'s `data`.
    struct DrawsData: Decodable {
        let draws: [Draw]
    }

    /// `GameDetails`.
    struct Game: Decodable {
        let __typename: String
        let id: String
        let name: String
        let type: String
        let isActive: Bool
        let ticketPrice: Int64
        let currency: String
        let superPrize: Int64?
        let numbersCount: Int
        let numbersRange: Int
        let bonusRange: Int?
        let logo: Image?
        let nextDraw: Draw?
        let lastDraw: Draw?
        let drawsCount: Int64
        let rulesUrl: String?
        let isFavorite: Bool
    }

    /// `DrawDetails`.
    struct Draw: Decodable {
        let __typename: String
        let id: String
        let gameId: String
        let number: Int64
        let date: String
        let status: String
        let winningNumbers: [Int]
        let bonusNumbers: [Int]
        let prizePool: Int64?
        let superPrize: Int64?
        let ticketsSold: Int64
        let prizeCategories: [PrizeCategory]
        let videoUrl: String?
    }

    /// `PrizeCategoryDetails`.
    struct PrizeCategory: Decodable {
        let __typename: String
        let matched: Int
        let bonusMatched: Bool
        let winners: Int64
        let amount: Int64
    }

    /// `ImageDetails`.
    struct Image: Decodable {
        let __typename: String
        let id: String
        let url: String
        let width: Int
        let height: Int
    }

    /// An entry of `errors`.
    struct ErrorEntry: Decodable {
        let message: String
        let locations: [Location]?
        let path: [PathComponent]?
        let extensions: [String: String]?
    }

    /// An error's location.
    struct Location: Decodable {
        let line: Int
        let column: Int
    }

    /// A response path component: a field name or a list index.
    enum PathComponent: Decodable {
        case field(String)
        case index(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let index = try? container.decode(Int.self) {
                self = .index(index)
            } else {
                self = .field(try container.decode(String.self))
            }
        }
    }
}
