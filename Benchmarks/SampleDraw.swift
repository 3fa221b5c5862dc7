/// A generated draw, in the backend's terms (money in minor units, the date as seconds since 1970 UTC).
struct SampleDraw {
    var id: String
    var gameId: String
    var number: Int64
    var unixSeconds: Int64
    /// The GraphQL `DrawStatus` name; REST sends it in lowercase. May be one the app does not know.
    var status: String
    var winningNumbers: [Int]
    var bonusNumbers: [Int]
    var prizePool: Int64?
    var superPrize: Int64?
    /// The prize ledger is down: both APIs send `null` for the money, GraphQL adds field errors.
    var ledgerDown: Bool
    var ticketsSold: Int64
    var categories: [SamplePrizeCategory]
    var videoUrl: String?

    /// `DrawDetails` as the GraphQL server sends it.
    var graphQLJSON: String {
        JSONText.object([
            ("__typename", JSONText.string("Draw")),
            ("id", JSONText.string(id)),
            ("gameId", JSONText.string(gameId)),
            ("number", JSONText.number(number)),
            ("date", JSONText.string(ContractFormat.graphQLDate(unixSeconds: unixSeconds))),
            ("status", JSONText.string(status)),
            ("winningNumbers", JSONText.array(winningNumbers.map(JSONText.number))),
            ("bonusNumbers", JSONText.array(bonusNumbers.map(JSONText.number))),
            ("prizePool", ledgerDown ? JSONText.null : JSONText.optional(prizePool, JSONText.number)),
            ("superPrize", ledgerDown ? JSONText.null : JSONText.optional(superPrize, JSONText.number)),
            ("ticketsSold", JSONText.number(ticketsSold)),
            ("prizeCategories", JSONText.array(categories.map(\.graphQLJSON))),
            ("videoUrl", JSONText.optional(videoUrl, JSONText.string)),
        ])
    }

    /// The REST draw.
    var restJSON: String {
        JSONText.object([
            ("draw_id", JSONText.string(id)),
            ("game_id", JSONText.string(gameId)),
            ("draw_number", JSONText.number(number)),
            ("draw_date", JSONText.string(ContractFormat.restDate(unixSeconds: unixSeconds))),
            ("state", JSONText.string(status.lowercased())),
            ("combination", JSONText.string(ContractFormat.restNumberList(winningNumbers))),
            ("bonus", JSONText.string(ContractFormat.restNumberList(bonusNumbers))),
            ("prize_pool", money(ledgerDown ? nil : prizePool)),
            ("super_prize", money(ledgerDown ? nil : superPrize)),
            ("tickets_sold", JSONText.number(ticketsSold)),
            ("categories", JSONText.array(categories.map(\.restJSON))),
            ("video", JSONText.optional(videoUrl, JSONText.string)),
        ])
    }

    /// The GraphQL field errors for this draw at `path` (the draw's response path, as JSON texts), if the
    /// prize ledger is down.
    func graphQLErrors(path: [String]) -> [String] {
        guard ledgerDown else { return [] }
        return [("prizePool", 29), ("superPrize", 30)].map { field, line in
            JSONText.object([
                ("message", JSONText.string("prize ledger unavailable for draw \(id): \(field) is unknown")),
                ("locations", JSONText.array([JSONText.object([("line", "\(line)"), ("column", "3")])])),
                ("path", JSONText.array(path + [JSONText.string(field)])),
                ("extensions", JSONText.object([("code", JSONText.string("LEDGER_UNAVAILABLE"))])),
            ])
        }
    }

    private func money(_ minorUnits: Int64?) -> String {
        JSONText.optional(minorUnits) { JSONText.string(ContractFormat.restMoney(minorUnits: $0)) }
    }
}
