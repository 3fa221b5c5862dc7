/// What the legacy app asks the REST API for, one case per endpoint of ``LegacyAPIClient``, with its parameters:
/// the keys under which a test overrides the client's answers (``LegacyAPIClient/override(_:with:)-(_,Value)``).
///
/// `description` is the request as Swift source (`.game(id: "6x45")`), so a failure message can be pasted into
/// the override that fixes it.
public enum LegacyRequest: Sendable, Hashable, CustomStringConvertible {
    /// `GET /games?type=T&active=A`: `[GameInfo]`.
    case games(type: GameType? = nil, activeOnly: Bool = true)
    /// `GET /games/{id}`: `GameInfo`.
    case game(id: String)
    /// `GET /games/{gameId}/draws?limit=N&before=D`: `[DrawInfo]`.
    case draws(gameId: String, limit: Int = 10, before: Int64? = nil)
    /// `GET /games/{gameId}/draws/{number}`: `DrawInfo`.
    case draw(gameId: String, number: Int64)
    /// `GET /images/{id}`: `ImageInfo`.
    case image(id: String)

    /// The Swift type of the request's answer, as text (`"GameInfo"`, `"[DrawInfo]"`).
    public var responseTypeDescription: String {
        switch self {
        case .games: return "[GameInfo]"
        case .game: return "GameInfo"
        case .draws: return "[DrawInfo]"
        case .draw: return "DrawInfo"
        case .image: return "ImageInfo"
        }
    }

    /// The request as Swift source: `.draws(gameId: "6x45", limit: 10, before: nil)`.
    public var description: String {
        switch self {
        case .games(let type, let activeOnly):
            return ".games(type: \(type.map { ".\($0)" } ?? "nil"), activeOnly: \(activeOnly))"
        case .game(let id):
            return ".game(id: \(String(reflecting: id)))"
        case .draws(let gameId, let limit, let before):
            return
                ".draws(gameId: \(String(reflecting: gameId)), limit: \(limit), before: \(before.map(String.init) ?? "nil"))"
        case .draw(let gameId, let number):
            return ".draw(gameId: \(String(reflecting: gameId)), number: \(number))"
        case .image(let id):
            return ".image(id: \(String(reflecting: id)))"
        }
    }
}
