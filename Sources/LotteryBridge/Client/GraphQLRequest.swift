import LegacyModels

/// An image's id, as the legacy app spells it.
public typealias ImageId = String

/// What the app asks the GraphQL backend for, with its parameters as associated values.
///
/// Each case produces one legacy model type (see ``responseTypeDescription``):
///
/// | request | response |
/// | --- | --- |
/// | `.gameInfo(gameId:)` | `GameInfo` |
/// | `.games(type:activeOnly:)` | `[GameInfo]` |
/// | `.draws(gameId:last:before:)` | `[DrawInfo]` |
/// | `.drawInfo(gameId:number:)` | `DrawInfo` |
/// | `.drawScreen(gameId:number:)` | `DrawInfo`, its prize categories deferred (the server must declare `@defer`) |
/// | `.image(_:)` | `ImageInfo` |
/// | `.drawUpdates(gameId:)` | `DrawInfo`, each time one of the game's draws changes (a subscription: watch it) |
///
/// A missing entity (GraphQL `null`, REST's 404) fails with ``APIError/notFound(operation:path:)``.
public enum GraphQLRequest: Sendable, Hashable {
    /// One game, with its logo and its next and last draw.
    case gameInfo(gameId: String)
    /// Games ordered by id; `type: nil` for every type, `activeOnly: false` to include inactive games.
    case games(type: GameType? = nil, activeOnly: Bool = true)
    /// A game's draws, newest first: at most `last` (1...100), only numbers below `before` when given.
    case draws(gameId: String, last: Int = 10, before: Int64? = nil)
    /// One draw of a game.
    case drawInfo(gameId: String, number: Int64)
    /// One draw of a game for the draw screen: its numbers come first and its prize categories (slow to compute) in
    /// a later increment (`@defer`); the `DrawInfo` is built when they arrive, and a watch shows it then. The server
    /// must declare `@defer` (`incremental.graphqls`); a server that answers the whole draw at once is fine.
    case drawScreen(gameId: String, number: Int64)
    /// An image; `nil` (a game without a logo) fails with ``APIError/notFound(operation:path:)`` without a
    /// request.
    case image(ImageId?)
    /// A game's draws as they change (status, numbers, prizes, a new draw): a subscription, so a stream of
    /// `DrawInfo` (``GraphQLClient/watch(requestType:as:fetchPolicy:)``, ``GraphQLClient/drawUpdates(gameId:)``);
    /// ``GraphQLClient/fetch(requestType:as:fetchPolicy:)`` refuses it.
    case drawUpdates(gameId: String)

    /// The name of the GraphQL operation the request runs.
    public var operationName: String {
        switch self {
        case .gameInfo: return "Game"
        case .games: return "Games"
        case .draws: return "Draws"
        case .drawInfo: return "Draw"
        case .drawScreen: return "DrawScreen"
        case .image: return "Image"
        case .drawUpdates: return "DrawUpdated"
        }
    }

    /// The Swift type of the request's response, as text (`"GameInfo"`, `"[DrawInfo]"`).
    public var responseTypeDescription: String {
        switch self {
        case .gameInfo: return "GameInfo"
        case .games: return "[GameInfo]"
        case .draws: return "[DrawInfo]"
        case .drawInfo, .drawScreen: return "DrawInfo"
        case .image: return "ImageInfo"
        case .drawUpdates: return "DrawInfo"
        }
    }
}
