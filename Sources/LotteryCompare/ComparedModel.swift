/// A legacy model the comparison covers.
public enum ComparedModel: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// Games: `GET /games/{game_id}` against `game(id:)`.
    case gameInfo = "GameInfo"
    /// Draws: each game's newest draws, `GET /games/{id}/draws` against `draws(gameId:last:)`.
    case drawInfo = "DrawInfo"
    /// Images used as game logos: `GET /images/{image_id}` against `image(id:)`.
    case imageInfo = "ImageInfo"

    /// The order of the report: games, draws, images.
    public static func < (lhs: ComparedModel, rhs: ComparedModel) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// Which API a failure or a measurement belongs to.
public enum ComparedAPI: String, Sendable, Hashable, Codable {
    /// The legacy REST API.
    case rest
    /// The GraphQL API.
    case graphql
}
