import Foundation

/// The lottery data set served by the embedded backend: images, games and draws in the neutral form of
/// `docs/DATASET.md`, indexed for lookups by game id, draw key and image id.
public struct LotteryDataSet: Decodable, Sendable {
    /// All images, in file order.
    public let images: [DataSetImage]
    /// All games, ordered by id ascending (the order of both APIs' game lists).
    public let games: [DataSetGame]
    /// All draws, in file order.
    public let draws: [DataSetDraw]

    private let imageIndex: [String: DataSetImage]
    private let gameIndex: [String: DataSetGame]
    private let drawIndex: [DrawKey: DataSetDraw]
    /// Each game's draws, newest (highest number) first.
    private let drawsByGame: [String: [DataSetDraw]]

    /// Creates a data set from records; throws ``LotteryDataSetError/duplicate(kind:id:path:)`` when two
    /// images, games or draws share an id.
    public init(images: [DataSetImage], games: [DataSetGame], draws: [DataSetDraw]) throws {
        var imageIndex: [String: DataSetImage] = [:]
        for (offset, image) in images.enumerated() {
            guard imageIndex.updateValue(image, forKey: image.id) == nil else {
                throw LotteryDataSetError.duplicate(kind: "image", id: image.id, path: "$.images[\(offset)].id")
            }
        }
        var gameIndex: [String: DataSetGame] = [:]
        for (offset, game) in games.enumerated() {
            guard gameIndex.updateValue(game, forKey: game.id) == nil else {
                throw LotteryDataSetError.duplicate(kind: "game", id: game.id, path: "$.games[\(offset)].id")
            }
        }
        var drawIndex: [DrawKey: DataSetDraw] = [:]
        var drawsByGame: [String: [DataSetDraw]] = [:]
        for (offset, draw) in draws.enumerated() {
            guard drawIndex.updateValue(draw, forKey: draw.key) == nil else {
                throw LotteryDataSetError.duplicate(kind: "draw", id: draw.id, path: "$.draws[\(offset)]")
            }
            drawsByGame[draw.gameId, default: []].append(draw)
        }
        for (gameId, gameDraws) in drawsByGame {
            drawsByGame[gameId] = gameDraws.sorted { $0.number > $1.number }
        }
        self.images = images
        self.games = games.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
        self.draws = draws
        self.imageIndex = imageIndex
        self.gameIndex = gameIndex
        self.drawIndex = drawIndex
        self.drawsByGame = drawsByGame
    }

    /// Parses a data set from `dataset.json` bytes.
    /// - Throws: ``LotteryDataSetError`` saying what is wrong and at which JSON path.
    public init(jsonData: Data) throws {
        let decoded: LotteryDataSet
        do {
            decoded = try JSONDecoder().decode(LotteryDataSet.self, from: jsonData)
        } catch let error as LotteryDataSetError {
            throw error
        } catch let error as DecodingError {
            throw LotteryDataSet.translate(error)
        }
        self = decoded
    }

    /// Loads the data set bundled with this module (`Resources/dataset.json`).
    public static func bundled() throws -> LotteryDataSet {
        try LotteryDataSet(jsonData: BundledResources.dataSetJSON())
    }

    private enum CodingKeys: String, CodingKey {
        case images, games, draws
    }

    /// Decodes the three arrays of the data set format and builds the indexes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            images: container.decode([DataSetImage].self, forKey: .images),
            games: container.decode([DataSetGame].self, forKey: .games),
            draws: container.decode([DataSetDraw].self, forKey: .draws))
    }

    /// The image with this id, if any.
    public func image(id: String) -> DataSetImage? {
        imageIndex[id]
    }

    /// The game with this id, if any.
    public func game(id: String) -> DataSetGame? {
        gameIndex[id]
    }

    /// The draw with this key, if any.
    public func draw(_ key: DrawKey) -> DataSetDraw? {
        drawIndex[key]
    }

    /// The draw of a game with this number, if any.
    public func draw(gameId: String, number: Int64) -> DataSetDraw? {
        drawIndex[DrawKey(gameId: gameId, number: number)]
    }

    /// A game's draws, newest (highest number) first; empty for an unknown game.
    public func draws(gameId: String) -> [DataSetDraw] {
        drawsByGame[gameId] ?? []
    }

    /// A game's draws, newest first, only those with a number below `before` (when given), at most `limit`.
    public func draws(gameId: String, limit: Int, before: Int64?) -> [DataSetDraw] {
        let all = draws(gameId: gameId)
        let filtered = before.map { bound in all.filter { $0.number < bound } } ?? all
        return Array(filtered.prefix(max(0, limit)))
    }

    private static func translate(_ error: DecodingError) -> LotteryDataSetError {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = "$"
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += ".\(key.stringValue)"
                }
            }
            return text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .invalid(path: path(context.codingPath), reason: "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return .invalid(path: path(context.codingPath), reason: "expected \(type), found null")
        case .keyNotFound(let key, let context):
            return .invalid(path: path(context.codingPath + [key]), reason: "missing key \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return .invalid(path: path(context.codingPath), reason: context.debugDescription + underlying)
        @unknown default:
            return .invalid(path: "$", reason: "\(error)")
        }
    }
}
