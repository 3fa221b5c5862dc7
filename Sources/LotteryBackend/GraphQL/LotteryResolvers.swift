import GraphQLServer

/// The resolvers of the lottery schema over a data set, with the same semantics as the reference backend:
/// missing entities resolve to `null`, `draws` of an unknown game to `[]`, `last` outside 1...100 is a field
/// error, and a draw whose prize ledger is down has `prizePool` and `superPrize` as field errors.
struct LotteryResolvers: GraphQLResolving {
    /// The data (each request's copy reads the data set as it is then).
    var dataSet: LotteryDataSet
    /// Differences planted in the answers (for testing the comparison); none by default.
    var planted: Set<PlantedDifference> = []
    /// The callers' favourite games (shared with REST).
    var favorites = FavoriteStore()
    /// Whether every mutation fails with a field error and changes nothing.
    var failMutations = false
    /// Whose favourites `isFavorite` and `setFavorite` read and write: the request's bearer token, or `nil`.
    var caller: String? = nil

    /// Resolves `field` of `object` with coerced `arguments`.
    func resolve(
        _ field: String, of object: GraphQLObjectValue, arguments: [String: GraphQLInputValue]
    ) throws(GraphQLFieldError) -> LotteryResolvedValue {
        switch object {
        case .query: return try resolveQuery(field, arguments: arguments)
        case .mutation: return try resolveMutation(field, arguments: arguments)
        case .subscription(let draw):
            // The event's draw: the source stream (`DrawClock`) already picked the subscribed game's draws.
            guard field == "drawUpdated" else { throw GraphQLFieldError("no resolver for Subscription.\(field)") }
            return .object(.draw(draw))
        case .game(let game): return resolveGame(field, of: game)
        case .draw(let draw): return try resolveDraw(field, of: draw)
        case .prizeCategory(let category): return resolvePrizeCategory(field, of: category)
        case .image(let image): return resolveImage(field, of: image)
        }
    }

    private func resolveQuery(
        _ field: String, arguments: [String: GraphQLInputValue]
    ) throws(GraphQLFieldError) -> LotteryResolvedValue {
        func string(_ name: String) -> String? {
            if case .string(let value) = arguments[name] { return value }
            return nil
        }
        func int(_ name: String) -> Int64? {
            if case .int(let value) = arguments[name] { return value }
            return nil
        }
        switch field {
        case "game":
            guard let id = string("id"), let game = dataSet.game(id: id) else { return .null }
            return .object(.game(game))
        case "games":
            var typeName: String?
            if case .enumValue(let name) = arguments["type"] { typeName = name }
            var activeOnly = true
            if case .boolean(let flag) = arguments["activeOnly"] { activeOnly = flag }
            var games = dataSet.games.filter { game in
                (!activeOnly || game.isActive) && (typeName.map { $0 == game.type } ?? true)
            }
            if planted.contains(.gamesEmpty) { games = [] }
            if planted.contains(.gamesMissingLast), !games.isEmpty { games.removeLast() }
            if planted.contains(.firstListedGameName), let first = games.first {
                games[0] = first.renamed(first.name + PlantedDifference.plantedNameSuffix)
            }
            return .list(games.map { .object(.game($0)) })
        case "draws":
            let last = int("last") ?? 10
            guard (1...100).contains(last) else {
                throw GraphQLFieldError("last must be between 1 and 100, got \(last)", code: "BAD_REQUEST")
            }
            var draws = dataSet.draws(gameId: string("gameId") ?? "", limit: Int(last), before: int("before"))
            if planted.contains(.drawsReversed) { draws.reverse() }
            if planted.contains(.secondDrawDuplicatesFirst), draws.count > 1 { draws[1] = draws[0] }
            return .list(draws.map { .object(.draw($0)) })
        case "draw":
            guard let gameId = string("gameId"), let number = int("number"),
                let draw = dataSet.draw(gameId: gameId, number: number)
            else { return .null }
            return .object(.draw(draw))
        case "image":
            guard let id = string("id"), let image = dataSet.image(id: id) else { return .null }
            return .object(.image(image))
        default:
            throw GraphQLFieldError("no resolver for Query.\(field)")
        }
    }

    private func resolveMutation(
        _ field: String, arguments: [String: GraphQLInputValue]
    ) throws(GraphQLFieldError) -> LotteryResolvedValue {
        guard field == "setFavorite" else { throw GraphQLFieldError("no resolver for Mutation.\(field)") }
        if failMutations {
            throw GraphQLFieldError("injected failure of every mutation (--fail-mutations)", code: "INTERNAL")
        }
        guard case .string(let gameId) = arguments["gameId"], case .boolean(let favorite) = arguments["favorite"]
        else { throw GraphQLFieldError("setFavorite needs gameId and favorite") }
        guard let game = dataSet.game(id: gameId) else {
            throw GraphQLFieldError("no game \(gameId)", code: "NOT_FOUND")
        }
        favorites.set(gameId, favorite: favorite, for: caller)
        return .object(.game(game))
    }

    private func resolveGame(_ field: String, of game: DataSetGame) -> LotteryResolvedValue {
        switch field {
        case "id": return .string(game.id)
        case "name":
            return .string(planted.contains(.gameName) ? game.name + PlantedDifference.plantedNameSuffix : game.name)
        case "type": return .string(game.type)
        case "isActive": return .boolean(game.isActive)
        case "ticketPrice": return .int(game.ticketPrice)
        case "currency": return .string(game.currency)
        case "superPrize": return .int(game.superPrize)
        case "numbersCount": return .int(Int64(game.numbersCount))
        case "numbersRange": return .int(Int64(game.numbersRange))
        case "bonusRange": return .int(game.bonusRange.map { Int64($0) })
        case "logo":
            guard let id = game.logo, let image = dataSet.image(id: id) else { return .null }
            return .object(.image(image))
        case "nextDraw": return drawValue(gameId: game.id, number: game.nextDraw)
        case "lastDraw": return drawValue(gameId: game.id, number: game.lastDraw)
        case "drawsCount": return .int(game.drawsCount)
        case "rulesUrl": return .string(game.rulesUrl)
        case "isFavorite": return .boolean(favorites.contains(game.id, for: caller))
        default: return .null
        }
    }

    private func drawValue(gameId: String, number: Int64?) -> LotteryResolvedValue {
        guard let number, let draw = dataSet.draw(gameId: gameId, number: number) else { return .null }
        return .object(.draw(draw))
    }

    private func resolveDraw(_ field: String, of draw: DataSetDraw) throws(GraphQLFieldError) -> LotteryResolvedValue {
        switch field {
        case "id": return .string(draw.id)
        case "gameId": return .string(draw.gameId)
        case "number": return .int(draw.number)
        case "date": return .string(draw.date.rfc3339)
        case "status": return .string(draw.status)
        case "winningNumbers": return .list(draw.winningNumbers.map { .int(Int64($0)) })
        case "bonusNumbers": return .list(draw.bonusNumbers.map { .int(Int64($0)) })
        case "prizePool", "superPrize":
            if draw.ledgerDown {
                throw GraphQLFieldError(
                    "prize ledger unavailable for draw \(draw.id): \(field) is unknown", code: "LEDGER_UNAVAILABLE")
            }
            return .int(field == "prizePool" ? draw.prizePool : draw.superPrize)
        case "ticketsSold": return .int(draw.ticketsSold)
        case "prizeCategories": return .list(draw.prizeCategories.map { .object(.prizeCategory($0)) })
        case "videoUrl": return .string(draw.videoUrl)
        default: return .null
        }
    }

    private func resolvePrizeCategory(_ field: String, of category: DataSetPrizeCategory) -> LotteryResolvedValue {
        switch field {
        case "matched": return .int(Int64(category.matched))
        case "bonusMatched": return .boolean(category.bonusMatched)
        case "winners": return .int(category.winners)
        case "amount": return .int(category.amount)
        default: return .null
        }
    }

    private func resolveImage(_ field: String, of image: DataSetImage) -> LotteryResolvedValue {
        switch field {
        case "id": return .string(image.id)
        case "url": return .string(image.url)
        case "width": return .int(Int64(image.width))
        case "height": return .int(Int64(image.height))
        default: return .null
        }
    }
}

extension DataSetGame {
    /// The same game with another name (for a planted difference).
    func renamed(_ name: String) -> DataSetGame {
        DataSetGame(
            id: id, name: name, type: type, typeCode: typeCode, isActive: isActive, ticketPrice: ticketPrice,
            currency: currency, superPrize: superPrize, numbersCount: numbersCount, numbersRange: numbersRange,
            bonusRange: bonusRange, logo: logo, nextDraw: nextDraw, lastDraw: lastDraw, drawsCount: drawsCount,
            rulesUrl: rulesUrl)
    }
}

/// What a lottery resolver returns.
typealias LotteryResolvedValue = GraphQLResolvedValue<GraphQLObjectValue>
