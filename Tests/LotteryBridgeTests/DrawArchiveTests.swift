import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels
import LotteryBackend
import LotteryBridge
import LotteryTestSupport
import Testing

/// The archive screen's model (`LotteryRepository.archive(gameId:pageSize:)`) against the embedded backend: the whole
/// archive page by page on REST (`limit`/`before`), on GraphQL (the pager, `last`/`before`), and in shadow (each page
/// compared with the same page on GraphQL): the same draws, in the same order, as one REST request for all of them.
@Suite("DrawArchive")
@MainActor
struct DrawArchiveTests {
    func repository(_ mode: MigrationMode, server: EmbeddedLotteryServer, publisher: RecordingExperimentPublisher)
        -> LotteryRepository
    {
        repository(mode, restURL: server.restURL, graphQLURL: server.graphQLURL, publisher: publisher)
    }

    func repository(
        _ mode: MigrationMode, restURL: URL, graphQLURL: URL, publisher: RecordingExperimentPublisher
    ) -> LotteryRepository {
        LotteryRepository(
            rest: LegacyAPIClient(baseURL: restURL), graphQL: GraphQLClient(endpoint: graphQLURL),
            router: MigrationRouter(
                settings: MigrationSettings(defaultMode: .rest, modes: ["DrawInfo": mode]), publisher: publisher))
    }

    /// Loads every page; the number of loads it took.
    func walk(_ archive: DrawArchive) async throws -> Int {
        var loads = 0
        while archive.hasMore {
            try await archive.loadNext()
            loads += 1
            try #require(loads < 1000, "the archive never ends")
        }
        return loads
    }

    @Test("every page of every game's archive, on REST, on GraphQL and in shadow, equals REST's whole list")
    func wholeArchive() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        try await checkWholeArchive(restURL: server.restURL, graphQLURL: server.graphQLURL)
    }

    @Test("the same against the reference backend (graphql-core; REST limit and before as the contract says)")
    func wholeArchiveReference() async throws {
        guard let backend = try await ReferenceBackend.startIfAvailable() else { return }
        defer { backend.stop() }
        try await checkWholeArchive(restURL: backend.restURL, graphQLURL: backend.graphQLURL)
    }

    func checkWholeArchive(restURL: URL, graphQLURL: URL) async throws {
        let publisher = RecordingExperimentPublisher()
        let rest = LegacyAPIClient(baseURL: restURL)
        let games = try await rest.games(activeOnly: false)
        #expect(!games.isEmpty)
        for game in games {
            let all = try await rest.draws(gameId: game.id, limit: 100)
            #expect(
                all.count > 3 && all.count < 100,
                "\(game.id): \(all.count) draws, not a few pages of 3 within one REST page")
            for mode in [MigrationMode.rest, .graphQL, .shadow] {
                let archive = repository(mode, restURL: restURL, graphQLURL: graphQLURL, publisher: publisher)
                    .archive(gameId: game.id, pageSize: 3)
                let loads = try await walk(archive)
                #expect(archive.draws == all, "\(game.id) in \(mode)")
                #expect(loads == all.count / 3 + 1, "\(game.id) in \(mode): \(loads) pages for \(all.count) draws")
                try await archive.loadNext()
                #expect(archive.draws == all, "\(game.id) in \(mode): a load past the end changes nothing")
            }
        }
        let shadowed = await publisher.results(named: "DrawInfo")
        #expect(!shadowed.isEmpty)
        let mismatches = shadowed.filter { !$0.isMatch }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("refresh on GraphQL keeps the list until the first page is in, then shows that page alone")
    func refreshOnGraphQL() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let archive = repository(.graphQL, server: server, publisher: RecordingExperimentPublisher()).archive(
            gameId: "6x45", pageSize: 2)
        try await archive.loadNext()
        try await archive.loadNext()
        let four = archive.draws
        #expect(four.count == 4)
        try await archive.refresh()
        #expect(archive.draws == Array(four.prefix(2)))
        #expect(archive.hasMore)
    }
}
