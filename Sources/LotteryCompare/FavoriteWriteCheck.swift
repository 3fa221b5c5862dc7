import GraphQLBridge
import LegacyModels
import LotteryBridge

/// `compare --check-writes`: for each API, sets a game's favourite flag to the opposite of its current state
/// through that API, reads the game back through both APIs, and writes the previous state back (through the
/// same API, or through the other when that fails), so a run leaves the caller's favourites as it found them.
struct FavoriteWriteCheck: Sendable {
    /// The REST client.
    let rest: LegacyAPIClient
    /// The GraphQL client.
    let graphQL: GraphQLClient

    /// Runs the checks on `gameId`: through REST, then through GraphQL.
    func run(gameId: String) async -> [WriteCheck] {
        let initial: Bool
        do {
            initial = try await rest.game(id: gameId).isFavorite
        } catch {
            return [ComparedAPI.rest, .graphql].map {
                WriteCheck(
                    api: $0, game: gameId, favorite: true, answer: nil, rest: nil, graphql: nil, restored: false,
                    error: "cannot read game \(gameId)'s favourite state through REST before writing: \(error)")
            }
        }
        var checks: [WriteCheck] = []
        for api in [ComparedAPI.rest, .graphql] {
            checks.append(await check(api, gameId: gameId, previous: initial))
        }
        return checks
    }

    private func check(_ api: ComparedAPI, gameId: String, previous: Bool) async -> WriteCheck {
        let target = !previous
        var problems: [String] = []
        var answer: Bool?
        do {
            answer = try await write(api, gameId: gameId, favorite: target).isFavorite
        } catch {
            problems.append("setting the favourite to \(target) through \(api.rawValue) failed: \(error)")
        }
        let (restValue, graphQLValue) = await readBoth(gameId: gameId, into: &problems, after: "the write")
        var restored = false
        do {
            _ = try await write(api, gameId: gameId, favorite: previous)
        } catch {
            problems.append("restoring the favourite to \(previous) through \(api.rawValue) failed: \(error)")
            let other: ComparedAPI = api == .rest ? .graphql : .rest
            _ = try? await write(other, gameId: gameId, favorite: previous)
        }
        var readProblems: [String] = []
        let (restAfter, graphQLAfter) = await readBoth(gameId: gameId, into: &readProblems, after: "the restore")
        restored = restAfter == previous && graphQLAfter == previous
        if !restored {
            problems += readProblems
            problems.append(
                "the previous state (\(previous)) is not restored: REST shows \(Self.text(restAfter)), "
                    + "GraphQL \(Self.text(graphQLAfter))")
        }
        return WriteCheck(
            api: api, game: gameId, favorite: target, answer: answer, rest: restValue, graphql: graphQLValue,
            restored: restored, error: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    private func write(_ api: ComparedAPI, gameId: String, favorite: Bool) async throws -> GameInfo {
        switch api {
        case .rest: return try await rest.setFavorite(gameId: gameId, favorite: favorite)
        case .graphql: return try await graphQL.setFavorite(gameId: gameId, favorite: favorite)
        }
    }

    private func readBoth(gameId: String, into problems: inout [String], after step: String) async -> (Bool?, Bool?) {
        var restValue: Bool?
        var graphQLValue: Bool?
        do {
            restValue = try await rest.game(id: gameId).isFavorite
        } catch {
            problems.append("reading game \(gameId) through REST after \(step) failed: \(error)")
        }
        do {
            graphQLValue = try await graphQL.gameInfo(gameId: gameId).isFavorite
        } catch {
            problems.append("reading game \(gameId) through GraphQL after \(step) failed: \(error)")
        }
        return (restValue, graphQLValue)
    }

    private static func text(_ value: Bool?) -> String {
        value.map { String($0) } ?? "nothing (the read failed)"
    }
}
