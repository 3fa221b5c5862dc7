import Foundation

/// Completion-handler forms of the calls, for the parts of the app that predate Swift concurrency.
///
/// Each starts a `Task` running the async call and returns it: cancel it to cancel the request (the completion
/// then gets `.failure(.cancelled)`). The completion is called exactly once, on an arbitrary thread.
extension LegacyAPIClient {
    /// Completion-handler form of `games(type:activeOnly:)`.
    @discardableResult
    public func games(
        type: GameType? = nil,
        activeOnly: Bool = true,
        completion: @escaping @Sendable (Result<[GameInfo], LegacyAPIError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(LegacyAPIError) in try await games(type: type, activeOnly: activeOnly) }
    }

    /// Completion-handler form of `game(id:)`.
    @discardableResult
    public func game(
        id: String,
        completion: @escaping @Sendable (Result<GameInfo, LegacyAPIError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(LegacyAPIError) in try await game(id: id) }
    }

    /// Completion-handler form of `draws(gameId:limit:before:)`.
    @discardableResult
    public func draws(
        gameId: String,
        limit: Int = 10,
        before: Int64? = nil,
        completion: @escaping @Sendable (Result<[DrawInfo], LegacyAPIError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(LegacyAPIError) in
            try await draws(gameId: gameId, limit: limit, before: before)
        }
    }

    /// Completion-handler form of `draw(gameId:number:)`.
    @discardableResult
    public func draw(
        gameId: String,
        number: Int64,
        completion: @escaping @Sendable (Result<DrawInfo, LegacyAPIError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(LegacyAPIError) in try await draw(gameId: gameId, number: number) }
    }

    /// Completion-handler form of `image(id:)`.
    @discardableResult
    public func image(
        id: String,
        completion: @escaping @Sendable (Result<ImageInfo, LegacyAPIError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(LegacyAPIError) in try await image(id: id) }
    }

    private func run<T: Sendable>(
        _ completion: @escaping @Sendable (Result<T, LegacyAPIError>) -> Void,
        _ operation: @escaping @Sendable () async throws(LegacyAPIError) -> T
    ) -> Task<Void, Never> {
        Task {
            do throws(LegacyAPIError) {
                completion(.success(try await operation()))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
