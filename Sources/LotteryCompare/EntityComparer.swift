import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels
import LotteryBridge

/// Fetches entities through both APIs and compares them.
struct EntityComparer: Sendable {
    let rest: LegacyAPIClient
    let graphQL: GraphQLClient
    let configuration: ComparisonConfiguration

    /// Every game through both APIs; a failure here stops the run.
    func listGames() async throws(ComparisonError) -> (rest: [GameInfo], graphQL: [GameInfo]) {
        async let restResult = capture { () async throws(LegacyAPIError) in try await rest.games(activeOnly: false) }
        async let graphQLResult = capture { () async throws(APIError) in
            try await graphQL.games(type: nil, activeOnly: false)
        }
        let (restGames, graphQLGames) = await (restResult, graphQLResult)
        switch restGames {
        case .failure(let error):
            throw ComparisonError(api: .rest, message: "cannot list the games: \(describe(error))")
        case .success(let restGames):
            switch graphQLGames {
            case .failure(let error):
                throw ComparisonError(api: .graphql, message: "cannot list the games: \(describe(error))")
            case .success(let graphQLGames):
                return (restGames, graphQLGames)
            }
        }
    }

    func compare(_ job: ComparisonJob) async -> [EntityOutcome] {
        switch job {
        case .game(let id):
            var outcomes: [EntityOutcome] = []
            if configuration.models.contains(.gameInfo) { outcomes.append(await compareGame(id)) }
            if configuration.models.contains(.drawInfo) { outcomes += await compareDraws(ofGame: id) }
            return outcomes
        case .image(let id):
            return [await compareImage(id)]
        }
    }

    // MARK: - Models

    func compareGame(_ id: String) async -> EntityOutcome {
        async let restResult = capture { () async throws(LegacyAPIError) in try await rest.game(id: id) }
        async let graphQLResult = capture { () async throws(APIError) in
            try await graphQL.fetchResponse(requestType: .gameInfo(gameId: id), as: GameInfo.self)
        }
        return outcome(.gameInfo, id: id, rest: await restResult, graphQL: await graphQLResult)
    }

    func compareImage(_ id: String) async -> EntityOutcome {
        async let restResult = capture { () async throws(LegacyAPIError) in try await rest.image(id: id) }
        async let graphQLResult = capture { () async throws(APIError) in
            try await graphQL.fetchResponse(requestType: .image(id), as: ImageInfo.self)
        }
        return outcome(.imageInfo, id: id, rest: await restResult, graphQL: await graphQLResult)
    }

    /// The game's newest draws through both lists; a draw in only one list is fetched on its own through the
    /// other API (and the difference in the lists is a warning).
    func compareDraws(ofGame gameId: String) async -> [EntityOutcome] {
        let limit = configuration.drawsPerGame
        async let restResult = capture { () async throws(LegacyAPIError) in
            try await rest.draws(gameId: gameId, limit: limit)
        }
        async let graphQLResult = capture { () async throws(APIError) in
            try await graphQL.fetchResponse(
                requestType: .draws(gameId: gameId, last: limit, before: nil), as: [DrawInfo].self)
        }
        let (restDraws, graphQLDraws) = await (restResult, graphQLResult)
        let listID = "\(gameId) (newest \(limit) draws)"
        var failures: [(api: ComparedAPI, error: String)] = []
        if case .failure(let error) = restDraws {
            failures.append((.rest, "cannot list the draws: \(describe(error))"))
        }
        if case .failure(let error) = graphQLDraws {
            failures.append((.graphql, "cannot list the draws: \(describe(error))"))
        }
        guard case .success(let restList) = restDraws, case .success(let graphQLResponse) = graphQLDraws else {
            return [EntityOutcome(model: .drawInfo, id: listID, result: .failed(failures))]
        }
        let graphQLList = graphQLResponse.value
        var warningsByDraw: [String: [String]] = [:]
        for error in graphQLResponse.warnings {
            let index = error.path?.dropFirst().first.flatMap { component -> Int? in
                if case .index(let index) = component { return index }
                return nil
            }
            let drawID = index.flatMap { graphQLList.indices.contains($0) ? graphQLList[$0].id : nil } ?? listID
            warningsByDraw[drawID, default: []].append(Self.warning(error))
        }

        let restByID = Dictionary(restList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let graphQLByID = Dictionary(graphQLList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var ids: [String] = []
        var seen: Set<String> = []
        for id in restList.map(\.id) + graphQLList.map(\.id) where seen.insert(id).inserted { ids.append(id) }

        var outcomes: [EntityOutcome] = []
        for id in ids {
            var warnings = warningsByDraw[id] ?? []
            var outcome: EntityOutcome
            switch (restByID[id], graphQLByID[id]) {
            case (let restDraw?, let graphQLDraw?):
                outcome = compared(.drawInfo, id: id, restDraw, graphQLDraw)
            case (let restDraw?, nil):
                warnings.append("draw \(id) is among REST's \(limit) newest draws of \(gameId) but not GraphQL's")
                let single = await capture { () async throws(APIError) in
                    try await graphQL.fetchResponse(
                        requestType: .drawInfo(gameId: gameId, number: restDraw.number), as: DrawInfo.self)
                }
                outcome = self.outcome(.drawInfo, id: id, rest: .success(restDraw), graphQL: single)
            case (nil, let graphQLDraw?):
                warnings.append("draw \(id) is among GraphQL's \(limit) newest draws of \(gameId) but not REST's")
                let single = await capture { () async throws(LegacyAPIError) in
                    try await rest.draw(gameId: gameId, number: graphQLDraw.number)
                }
                outcome = self.outcome(
                    .drawInfo, id: id, rest: single, graphQL: .success(GraphQLBridgeResponse(value: graphQLDraw)))
            case (nil, nil):
                continue
            }
            outcome.warnings = warnings + outcome.warnings
            outcomes.append(outcome)
        }
        if let listWarnings = warningsByDraw[listID], !listWarnings.isEmpty {
            if outcomes.isEmpty {
                outcomes.append(EntityOutcome(model: .drawInfo, id: listID, result: .matched, warnings: listWarnings))
            } else {
                outcomes[0].warnings += listWarnings
            }
        }
        return outcomes
    }

    // MARK: - Helpers

    private func outcome<Model: Sendable>(
        _ model: ComparedModel, id: String, rest: Result<Model, LegacyAPIError>,
        graphQL: Result<GraphQLBridgeResponse<Model>, APIError>
    ) -> EntityOutcome {
        switch (rest, graphQL) {
        case (.success(let restModel), .success(let response)):
            var outcome = compared(model, id: id, restModel, response.value)
            outcome.warnings = response.warnings.map(Self.warning)
            return outcome
        default:
            var failures: [(api: ComparedAPI, error: String)] = []
            if case .failure(let error) = rest { failures.append((.rest, describe(error))) }
            if case .failure(let error) = graphQL { failures.append((.graphql, describe(error))) }
            var outcome = EntityOutcome(model: model, id: id, result: .failed(failures))
            if case .success(let response) = graphQL { outcome.warnings = response.warnings.map(Self.warning) }
            return outcome
        }
    }

    private func compared<Model>(_ model: ComparedModel, id: String, _ rest: Model, _ graphQL: Model) -> EntityOutcome {
        let differences = FieldDiff.differences(rest, graphQL, options: configuration.diffOptions)
        return EntityOutcome(model: model, id: id, result: differences.isEmpty ? .matched : .mismatched(differences))
    }

    private static func warning(_ error: GraphQLError) -> String {
        "GraphQL field error at \(error.pathDescription ?? "<no path>"): \(error.message)"
            + (error.code.map { " [\($0)]" } ?? "")
    }

    private func describe(_ error: LegacyAPIError) -> String {
        var text = error.description
        if case .server(.unauthorized, _, _) = error { text += " (pass --token)" }
        return text
    }

    private func describe(_ error: APIError) -> String {
        error.description + (error.isAuthenticationFailure ? " (pass --token)" : "")
    }
}

/// Runs `body` and returns its result as a `Result` with its typed error.
func capture<Value, Failure: Error>(_ body: () async throws(Failure) -> Value) async -> Result<Value, Failure> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
