import GraphQLServer

/// The legacy REST API (`/api/v1/...`) over a data set: routing, parameters, payloads and the envelope, with
/// the same behavior as the reference backend (`Tests/ReferenceBackend/server.py`).
struct RESTHandler: Sendable {
    /// The data (each request's copy reads the data set as it is then).
    var dataSet: LotteryDataSet
    /// The callers' favourite games (shared with GraphQL).
    let favorites: FavoriteStore
    /// Whether every write fails (500 `INTERNAL`) and changes nothing.
    var failWrites = false

    /// Answers a request whose path is under `/api/v1` (method and authorization already checked).
    /// - Parameters:
    ///   - segments: The path segments after `/api/v1/`, percent-decoded, a trailing empty one dropped.
    ///   - caller: Whose favourites `is_favorite` shows (the bearer token, or `nil` for the shared set).
    func respond(segments: [String], request: HTTPRequest, caller: String?) -> HTTPResponse {
        do {
            let result = try route(segments, request: request, favorites: favorites.favorites(of: caller))
            return .json(status: 200, .object([("status", .string("ok")), ("result", result)]))
        } catch {
            return error.response()
        }
    }

    /// `PUT` (`favorite`) or `DELETE` `/games/{gameId}/favorite`: idempotent; answers the game as it is now,
    /// 404 for an unknown game, 500 when writes are made to fail.
    func writeFavorite(gameId: String, favorite: Bool, caller: String?, method: String) -> HTTPResponse {
        guard let game = dataSet.game(id: gameId) else { return RESTError.notFound("no game \(gameId)").response() }
        guard !failWrites else {
            return RESTError.internalError(
                "injected failure of every write (--fail-mutations): \(method) favorite of game \(gameId) was not "
                    + "applied"
            ).response()
        }
        favorites.set(gameId, favorite: favorite, for: caller)
        let result = game.restJSON(in: dataSet, isFavorite: favorites.contains(gameId, for: caller))
        return .json(status: 200, .object([("status", .string("ok")), ("result", result)]))
    }

    private func route(
        _ segments: [String], request: HTTPRequest, favorites: Set<String>
    ) throws(RESTError) -> JSONValue {
        func single(_ name: String) throws(RESTError) -> String? {
            let values = request.queryItems.filter { $0.name == name }.map(\.value)
            guard let first = values.first else { return nil }
            guard values.count == 1 else { throw .badRequest("\(name) is given \(values.count) times") }
            return first
        }
        func game(_ id: String) throws(RESTError) -> DataSetGame {
            guard let game = dataSet.game(id: id) else { throw .notFound("no game \(id)") }
            return game
        }
        switch segments.count {
        case 1 where segments[0] == "games":
            let typeCode = try single("type").map { text throws(RESTError) in try RESTHandler.integer("type", text) }
            let active = try single("active")
            guard active == nil || active == "0" || active == "1" else {
                throw .badRequest("active must be 0 or 1, got \(RESTHandler.quoted(active ?? ""))")
            }
            let games = dataSet.games.filter { game in
                (active == "0" || game.isActive) && (typeCode.map { $0 == Int64(game.typeCode) } ?? true)
            }
            return .array(games.map { $0.restJSON(in: dataSet, isFavorite: favorites.contains($0.id)) })
        case 2 where segments[0] == "games":
            let found = try game(segments[1])
            return found.restJSON(in: dataSet, isFavorite: favorites.contains(found.id))
        case 3 where segments[0] == "games" && segments[2] == "draws":
            let limit = try single("limit").map { text throws(RESTError) in
                try RESTHandler.integer("limit", text, in: 1...100)
            }
            let before = try single("before").map { text throws(RESTError) in try RESTHandler.integer("before", text) }
            let found = try game(segments[1])
            let draws = dataSet.draws(gameId: found.id, limit: Int(limit ?? 10), before: before)
            return .array(draws.map(\.restJSON))
        case 4 where segments[0] == "games" && segments[2] == "draws":
            let found = try game(segments[1])
            let number = try RESTHandler.integer("draw_number", segments[3])
            guard let draw = dataSet.draw(gameId: found.id, number: number) else {
                throw .notFound("no draw \(number) of game \(segments[1])")
            }
            return draw.restJSON
        case 2 where segments[0] == "images":
            guard let image = dataSet.image(id: segments[1]) else { throw .notFound("no image \(segments[1])") }
            return image.restJSON
        default:
            throw .notFound("no endpoint /api/v1/\(segments.joined(separator: "/"))")
        }
    }

    /// A query or path parameter that must be an integer (`-?[0-9]+`) within `range`.
    static func integer(
        _ name: String, _ text: String, in range: ClosedRange<Int64> = Int64.min...Int64.max
    ) throws(RESTError) -> Int64 {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .badRequest("\(name) must be an integer, got \(quoted(text))")
        }
        guard let value = Int64(text), range.contains(value) else {
            let shown = Int64(text).map(String.init) ?? RESTHandler.canonicalInteger(text)
            throw .badRequest("\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(shown)")
        }
        return value
    }

    /// Python's `repr` of a string, as the reference backend's messages show it (`'abc'`).
    static func quoted(_ text: String) -> String {
        text.contains("'") && !text.contains("\"") ? "\"\(text)\"" : "'\(text)'"
    }

    /// An integer's digits without leading zeros (`-007` -> `-7`), for numbers beyond Int64.
    private static func canonicalInteger(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let digits = (negative ? text.dropFirst() : Substring(text)).drop { $0 == "0" }
        if digits.isEmpty { return "0" }
        return (negative ? "-" : "") + digits
    }
}
