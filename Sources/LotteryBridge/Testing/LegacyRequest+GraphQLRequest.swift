import LegacyModels

extension LegacyRequest {
    /// The REST request that gives the same legacy model as `request`; `nil` for `.image(nil)`, which REST cannot
    /// ask, and for `.drawUpdates`, a subscription (REST has no push channel: the legacy app polled the draws).
    public init?(graphQL request: GraphQLRequest) {
        switch request {
        case .gameInfo(let gameId): self = .game(id: gameId)
        case .games(let type, let activeOnly): self = .games(type: type, activeOnly: activeOnly)
        case .draws(let gameId, let last, let before): self = .draws(gameId: gameId, limit: last, before: before)
        case .drawInfo(let gameId, let number), .drawScreen(let gameId, let number):
            self = .draw(gameId: gameId, number: number)
        case .image(let id):
            guard let id else { return nil }
            self = .image(id: id)
        case .drawUpdates: return nil
        }
    }
}

extension GraphQLRequest {
    /// The GraphQL request that gives the same legacy model as the REST `request`.
    public init(legacy request: LegacyRequest) {
        switch request {
        case .games(let type, let activeOnly): self = .games(type: type, activeOnly: activeOnly)
        case .game(let id): self = .gameInfo(gameId: id)
        case .draws(let gameId, let limit, let before): self = .draws(gameId: gameId, last: limit, before: before)
        case .draw(let gameId, let number): self = .drawInfo(gameId: gameId, number: number)
        case .image(let id): self = .image(id)
        }
    }
}
