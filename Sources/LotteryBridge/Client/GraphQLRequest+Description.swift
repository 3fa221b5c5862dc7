extension GraphQLRequest: CustomStringConvertible {
    /// The request as Swift source, as a test writes it in an override: `.gameInfo(gameId: "6x45")`,
    /// `.draws(gameId: "6x45", last: 10, before: nil)`.
    public var description: String {
        switch self {
        case .gameInfo(let gameId):
            return ".gameInfo(gameId: \(String(reflecting: gameId)))"
        case .games(let type, let activeOnly):
            return ".games(type: \(type.map { ".\($0)" } ?? "nil"), activeOnly: \(activeOnly))"
        case .draws(let gameId, let last, let before):
            return
                ".draws(gameId: \(String(reflecting: gameId)), last: \(last), before: \(before.map(String.init) ?? "nil"))"
        case .drawInfo(let gameId, let number):
            return ".drawInfo(gameId: \(String(reflecting: gameId)), number: \(number))"
        case .drawScreen(let gameId, let number):
            return ".drawScreen(gameId: \(String(reflecting: gameId)), number: \(number))"
        case .image(let id):
            return ".image(\(id.map { String(reflecting: $0) } ?? "nil"))"
        case .drawUpdates(let gameId):
            return ".drawUpdates(gameId: \(String(reflecting: gameId)))"
        }
    }
}
