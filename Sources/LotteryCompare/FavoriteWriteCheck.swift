import GraphQLBridge
import LegacyModels
import LotteryBridge

/// `compare --check-writes`: for each API (REST, then GraphQL), reads a game's favourite flag through that API,
/// writes the opposite through it, reads the game back through both APIs, writes the previous value back through
/// the same API (through the other when that fails) and reads both again. Every read-back is checked, so an API
/// that never sees the other's writes fails even when it happened to show the value written.
struct FavoriteWriteCheck: Sendable {
    /// The REST client.
    let rest: LegacyAPIClient
    /// The GraphQL client.
    let graphQL: GraphQLClient

    /// Runs the checks on `gameId`: through REST, then through GraphQL.
    func run(gameId: String) async -> [WriteCheck] {
        var checks: [WriteCheck] = []
        for api in [ComparedAPI.rest, .graphql] {
            checks.append(await check(api, gameId: gameId))
        }
        return checks
    }

    private func check(_ api: ComparedAPI, gameId: String) async -> WriteCheck {
        var problems: [String] = []
        let previous: Bool
        do {
            previous = try await read(api, gameId: gameId)
        } catch {
            return WriteCheck(
                api: api, game: gameId, previous: nil, favorite: true, answer: nil, rest: nil, graphql: nil,
                restoredRest: nil, restoredGraphql: nil,
                error: "reading game \(gameId) through \(Self.name(api)) before writing failed: \(error)")
        }
        let target = !previous
        var answer: Bool?
        do {
            answer = try await write(api, gameId: gameId, favorite: target).isFavorite
        } catch {
            problems.append("setting the favourite to \(target) through \(Self.name(api)) failed: \(error)")
        }
        let (restValue, graphQLValue) = await readBoth(gameId: gameId, into: &problems, after: "the write")
        do {
            _ = try await write(api, gameId: gameId, favorite: previous)
        } catch {
            problems.append("restoring the favourite to \(previous) through \(Self.name(api)) failed: \(error)")
            let other: ComparedAPI = api == .rest ? .graphql : .rest
            _ = try? await write(other, gameId: gameId, favorite: previous)
        }
        let (restAfter, graphQLAfter) = await readBoth(gameId: gameId, into: &problems, after: "the restore")
        return WriteCheck(
            api: api, game: gameId, previous: previous, favorite: target, answer: answer, rest: restValue,
            graphql: graphQLValue, restoredRest: restAfter, restoredGraphql: graphQLAfter,
            error: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    private func read(_ api: ComparedAPI, gameId: String) async throws -> Bool {
        switch api {
        case .rest: return try await rest.game(id: gameId).isFavorite
        case .graphql: return try await graphQL.gameInfo(gameId: gameId).isFavorite
        }
    }

    private func write(_ api: ComparedAPI, gameId: String, favorite: Bool) async throws -> GameInfo {
        switch api {
        case .rest: return try await rest.setFavorite(gameId: gameId, favorite: favorite)
        case .graphql: return try await graphQL.setFavorite(gameId: gameId, favorite: favorite)
        }
    }

    private func readBoth(gameId: String, into problems: inout [String], after step: String) async -> (Bool?, Bool?) {
        var values: [Bool?] = []
        for api in [ComparedAPI.rest, .graphql] {
            do {
                values.append(try await read(api, gameId: gameId))
            } catch {
                problems.append("reading game \(gameId) through \(Self.name(api)) after \(step) failed: \(error)")
                values.append(nil)
            }
        }
        return (values[0], values[1])
    }

    private static func name(_ api: ComparedAPI) -> String {
        api == .rest ? "REST" : "GraphQL"
    }
}
