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

    /// Every `games` list the app asks for, through both APIs. The list of every game must come through
    /// both, or the run stops: it says which games there are.
    func listGames() async throws(ComparisonError) -> [GamesListAnswers] {
        let queries = GamesListQuery.appFilters
        let answers = await forEachConcurrently(queries, limit: configuration.concurrency) { query in
            async let restResult = capture { () async throws(LegacyAPIError) in
                try await rest.games(type: query.type, activeOnly: query.activeOnly)
            }
            async let graphQLResult = capture { () async throws(APIError) in
                try await graphQL.fetchResponse(
                    requestType: .games(type: query.type, activeOnly: query.activeOnly), as: [GameInfo].self)
            }
            return GamesListAnswers(query: query, rest: await restResult, graphQL: await graphQLResult)
        }
        if let everyGame = answers.first(where: { $0.query == .everyGame }) {
            if case .failure(let error) = everyGame.rest {
                throw ComparisonError(api: .rest, message: "cannot list the games: \(describe(error))")
            }
            if case .failure(let error) = everyGame.graphQL {
                throw ComparisonError(api: .graphql, message: "cannot list the games: \(describe(error))")
            }
        }
        return answers
    }

    /// Each `games` list compared as a list.
    func compareLists(_ answers: [GamesListAnswers]) -> [EntityOutcome] {
        answers.map { answer in
            let id = answer.query.label
            switch (answer.rest, answer.graphQL) {
            case (.success(let restGames), .success(let response)):
                var outcome = comparedList(
                    .gameInfo, id: id, name: "games", rest: restGames, graphQL: response.value, elementID: \.id)
                outcome.warnings = response.warnings.map(Self.warning)
                return outcome
            default:
                var failures: [(api: ComparedAPI, error: String)] = []
                if case .failure(let error) = answer.rest { failures.append((.rest, describe(error))) }
                if case .failure(let error) = answer.graphQL { failures.append((.graphql, describe(error))) }
                return EntityOutcome(model: .gameInfo, id: id, result: .failed(failures), isList: true)
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

    /// The game's newest draws: the two lists compared as lists, then each draw as an entity.
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
        let listID = "draws(gameId: \"\(gameId)\", last: \(limit))"
        var failures: [(api: ComparedAPI, error: String)] = []
        if case .failure(let error) = restDraws {
            failures.append((.rest, "cannot list the draws: \(describe(error))"))
        }
        if case .failure(let error) = graphQLDraws {
            failures.append((.graphql, "cannot list the draws: \(describe(error))"))
        }
        guard case .success(let restList) = restDraws, case .success(let graphQLResponse) = graphQLDraws else {
            return [EntityOutcome(model: .drawInfo, id: listID, result: .failed(failures), isList: true)]
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

        var outcomes = [
            comparedList(
                .drawInfo, id: listID, name: "draws", rest: restList, graphQL: graphQLList, elementID: \.id)
        ]
        outcomes[0].warnings = warningsByDraw[listID] ?? []

        // Each draw as an entity too. A draw in one list only is a list mismatch (above); it is fetched on
        // its own through the other API and compared as an entity.
        let restByID = Dictionary(restList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let graphQLByID = Dictionary(graphQLList.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var ids: [String] = []
        var seen: Set<String> = []
        for id in restList.map(\.id) + graphQLList.map(\.id) where seen.insert(id).inserted { ids.append(id) }

        for id in ids {
            var outcome: EntityOutcome
            switch (restByID[id], graphQLByID[id]) {
            case (let restDraw?, let graphQLDraw?):
                outcome = compared(.drawInfo, id: id, restDraw, graphQLDraw)
            case (let restDraw?, nil):
                let single = await capture { () async throws(APIError) in
                    try await graphQL.fetchResponse(
                        requestType: .drawInfo(gameId: gameId, number: restDraw.number), as: DrawInfo.self)
                }
                outcome = self.outcome(.drawInfo, id: id, rest: .success(restDraw), graphQL: single)
            case (nil, let graphQLDraw?):
                let single = await capture { () async throws(LegacyAPIError) in
                    try await rest.draw(gameId: gameId, number: graphQLDraw.number)
                }
                outcome = self.outcome(
                    .drawInfo, id: id, rest: single, graphQL: .success(GraphQLBridgeResponse(value: graphQLDraw)))
            case (nil, nil):
                continue
            }
            outcome.warnings = (warningsByDraw[id] ?? []) + outcome.warnings
            outcomes.append(outcome)
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
        let result = FieldDiff.compare(rest, graphQL, options: configuration.diffOptions)
        return EntityOutcome(
            model: model, id: id, result: result.differences.isEmpty ? .matched : .mismatched(result.differences),
            ignored: result.ignored)
    }

    private func comparedList<Model>(
        _ model: ComparedModel, id: String, name: String, rest: [Model], graphQL: [Model],
        elementID: (Model) -> String
    ) -> EntityOutcome {
        let result = ListComparison.compare(
            name: name, rest: rest, graphQL: graphQL, id: elementID, options: configuration.diffOptions)
        return EntityOutcome(
            model: model, id: id, result: result.differences.isEmpty ? .matched : .mismatched(result.differences),
            isList: true, ignored: result.ignored)
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
