/// A generated game with its logo, next and last draws, and its newest draws (newest first).
struct SampleGame {
    var id: String
    var name: String
    /// The GraphQL `GameType` name and the REST `game_type` code (a type the app does not know is possible).
    var type: (graphQL: String, restCode: Int)
    var isActive: Bool
    var ticketPrice: Int64
    var currency: String
    var superPrize: Int64?
    var numbersCount: Int
    var numbersRange: Int
    var bonusRange: Int?
    var logo: SampleImage?
    var nextDraw: SampleDraw?
    var lastDraw: SampleDraw?
    var drawsCount: Int64
    var rulesUrl: String?
    /// Whether the caller marked the game as a favourite (`isFavorite` / REST `is_favorite` 0 or 1).
    var isFavorite = false
    /// What `draws(gameId:, last: 10)` / `GET /games/{id}/draws?limit=10` return.
    var draws: [SampleDraw]

    /// The body of `GameQuery` for this game.
    var graphQLGameBody: String {
        let game = JSONText.object([
            ("__typename", JSONText.string("Game")),
            ("id", JSONText.string(id)),
            ("name", JSONText.string(name)),
            ("type", JSONText.string(type.graphQL)),
            ("isActive", JSONText.bool(isActive)),
            ("ticketPrice", JSONText.number(ticketPrice)),
            ("currency", JSONText.string(currency)),
            ("superPrize", JSONText.optional(superPrize, JSONText.number)),
            ("numbersCount", JSONText.number(numbersCount)),
            ("numbersRange", JSONText.number(numbersRange)),
            ("bonusRange", JSONText.optional(bonusRange, JSONText.number)),
            ("logo", JSONText.optional(logo, \.graphQLJSON)),
            ("nextDraw", JSONText.optional(nextDraw, \.graphQLJSON)),
            ("lastDraw", JSONText.optional(lastDraw, \.graphQLJSON)),
            ("drawsCount", JSONText.number(drawsCount)),
            ("rulesUrl", JSONText.optional(rulesUrl, JSONText.string)),
            ("isFavorite", JSONText.bool(isFavorite)),
        ])
        let errors =
            (nextDraw?.graphQLErrors(path: [JSONText.string("game"), JSONText.string("nextDraw")]) ?? [])
            + (lastDraw?.graphQLErrors(path: [JSONText.string("game"), JSONText.string("lastDraw")]) ?? [])
        return Self.graphQLBody(data: JSONText.object([("game", game)]), errors: errors)
    }

    /// The body of `DrawsQuery` for this game's draws.
    var graphQLDrawsBody: String {
        let errors = draws.enumerated().flatMap { index, draw in
            draw.graphQLErrors(path: [JSONText.string("draws"), JSONText.number(index)])
        }
        let data = JSONText.object([("draws", JSONText.array(draws.map(\.graphQLJSON)))])
        return Self.graphQLBody(data: data, errors: errors)
    }

    /// The body of `GET /api/v1/games/{id}`.
    var restGameBody: String {
        let game = JSONText.object([
            ("game_id", JSONText.string(id)),
            ("title", JSONText.string(name)),
            ("game_type", JSONText.number(type.restCode)),
            ("active", JSONText.number(isActive ? 1 : 0)),
            ("ticket_price", JSONText.string(ContractFormat.restMoney(minorUnits: ticketPrice))),
            ("currency", JSONText.string(currency)),
            ("super_prize", JSONText.optional(superPrize, Self.restMoney)),
            ("numbers_count", JSONText.number(numbersCount)),
            ("numbers_range", JSONText.number(numbersRange)),
            ("bonus_range", JSONText.optional(bonusRange, JSONText.number)),
            ("logo", JSONText.optional(logo, \.restJSON)),
            ("next_draw", JSONText.optional(nextDraw, \.restJSON)),
            ("last_draw", JSONText.optional(lastDraw, \.restJSON)),
            ("draws_total", JSONText.string(String(drawsCount))),
            ("rules_url", JSONText.optional(rulesUrl, JSONText.string)),
            ("is_favorite", JSONText.number(isFavorite ? 1 : 0)),
        ])
        return JSONText.object([("status", JSONText.string("ok")), ("result", game)])
    }

    /// The body of `GET /api/v1/games/{id}/draws?limit=10`.
    var restDrawsBody: String {
        JSONText.object([("status", JSONText.string("ok")), ("result", JSONText.array(draws.map(\.restJSON)))])
    }

    /// A REST money string (a JSON string) for minor units.
    private static func restMoney(_ minorUnits: Int64) -> String {
        JSONText.string(ContractFormat.restMoney(minorUnits: minorUnits))
    }

    /// `{"data": ...}`, with `errors` first when there are any (as the reference server writes it).
    private static func graphQLBody(data: String, errors: [String]) -> String {
        if errors.isEmpty { return JSONText.object([("data", data)]) }
        return JSONText.object([("errors", JSONText.array(errors)), ("data", data)])
    }
}
