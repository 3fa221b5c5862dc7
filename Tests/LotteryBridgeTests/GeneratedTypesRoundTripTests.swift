import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import LotteryAPI
import Testing

/// Every generated type of LotteryAPI encodes as the server writes it and decodes back equal: captured server
/// responses re-encode to the same JSON, and values at the edges (`Int64.max`, `Int64.min`, dates with fractions and
/// before 1970, unknown enum values, `nil`s) survive a typed stub through the runtime client.
@Suite("Generated LotteryAPI types round-trip")
struct GeneratedTypesRoundTripTests {
    static let extremeDraw = DrawDetails(
        __typename: "Draw", id: "6x45-\(Int64.max)", gameId: "6x45", number: Int64.max,
        date: Date(timeIntervalSince1970: 1_798_761_600.25), status: .unknown("POSTPONED"), winningNumbers: [1, 45],
        bonusNumbers: [], prizePool: Int64.max, superPrize: Int64.min, ticketsSold: 9_007_199_254_740_993,
        prizeCategories: [
            PrizeCategoryDetails(matched: 6, bonusMatched: true, winners: Int64.max, amount: 9_007_199_254_740_993),
            PrizeCategoryDetails(matched: 0, bonusMatched: false, winners: 0, amount: Int64.min),
        ],
        videoUrl: nil)

    static let oldDraw = DrawDetails(
        id: "old-1", gameId: "old", number: 1, date: Date(timeIntervalSince1970: -86_400.5), status: .cancelled,
        winningNumbers: [], bonusNumbers: [3], prizePool: nil, superPrize: 0, ticketsSold: 0, prizeCategories: [],
        videoUrl: "https://video.lottery.example/old.mp4")

    static let extremeGame = GameDetails(
        id: "scratch-2027", name: "Scratch \u{1F3B0} \"2027\"", type: .unknown("SCRATCH"), isActive: false,
        ticketPrice: Int64.max, currency: "RUB", superPrize: nil, numbersCount: 0, numbersRange: 1, bonusRange: nil,
        logo: ImageDetails(id: "logo", url: "https://cdn.example/a b.png", width: Int(Int32.max), height: 0),
        nextDraw: extremeDraw, lastDraw: oldDraw, drawsCount: Int64.max, rulesUrl: nil, isFavorite: true)

    static func client(_ transport: GraphQLStubTransport) throws -> GraphQLHTTPClient {
        GraphQLHTTPClient(endpoint: try #require(URL(string: "https://api.example/graphql")), transport: transport)
    }

    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test("every operation's Data, stubbed at the edges, comes back equal through the runtime client")
    func operationsThroughStubs() async throws {
        let transport = GraphQLStubTransport()
        let client = try Self.client(transport)

        let game = GameQuery.Data(game: Self.extremeGame)
        transport.stub(GameQuery.self, data: game)
        #expect(try await client.execute(GameQuery(id: "scratch-2027")).data == game)

        let noGame = GameQuery.Data(game: nil)
        transport.stub(GameQuery(id: "none"), data: noGame)
        #expect(try await client.execute(GameQuery(id: "none")).data == noGame)

        let games = GamesQuery.Data(games: [Self.extremeGame, SampleLottery.gameDetails(SampleLottery.games[0])])
        transport.stub(GamesQuery.self, data: games)
        #expect(try await client.execute(GamesQuery(type: .some(.unknown("SCRATCH")))).data == games)

        let draws = DrawsQuery.Data(draws: [Self.extremeDraw, Self.oldDraw])
        transport.stub(DrawsQuery.self, data: draws)
        #expect(
            try await client.execute(DrawsQuery(gameId: "6x45", last: .null, before: .some(Int64.max))).data == draws)

        let draw = DrawQuery.Data(draw: Self.extremeDraw)
        transport.stub(DrawQuery.self, data: draw)
        #expect(try await client.execute(DrawQuery(gameId: "6x45", number: Int64.min)).data == draw)

        let image = ImageQuery.Data(image: Self.extremeGame.logo)
        transport.stub(ImageQuery.self, data: image)
        #expect(try await client.execute(ImageQuery(id: "logo")).data == image)

        // The variables the client sent, read back typed.
        #expect(try transport.variables(of: GameQuery.self) == [.init(id: "scratch-2027"), .init(id: "none")])
        #expect(try transport.variables(of: GamesQuery.self) == [.init(type: .some(.unknown("SCRATCH")))])
        #expect(
            try transport.variables(of: DrawsQuery.self) == [
                .init(gameId: "6x45", last: .null, before: .some(Int64.max))
            ])
        #expect(try transport.variables(of: DrawQuery.self) == [.init(gameId: "6x45", number: Int64.min)])
        #expect(try transport.variables(of: ImageQuery.self) == [.init(id: "logo")])
        #expect(transport.unstubbedRequests.isEmpty)
    }

    @Test("fragments, enums and variables round-trip through JSON on their own")
    func typesOnTheirOwn() throws {
        #expect(try Self.roundTrip(Self.extremeDraw) == Self.extremeDraw)
        #expect(try Self.roundTrip(Self.oldDraw) == Self.oldDraw)
        #expect(try Self.roundTrip(Self.extremeGame) == Self.extremeGame)
        let categories = Self.extremeDraw.prizeCategories
        #expect(try Self.roundTrip(categories) == categories)
        let logo = try #require(Self.extremeGame.logo)
        #expect(try Self.roundTrip(logo) == logo)
        let types = LotteryAPI.GameType.allCases + [.unknown("SCRATCH")]
        #expect(try Self.roundTrip(types) == types)
        let statuses = DrawStatus.allCases + [.unknown("POSTPONED")]
        #expect(try Self.roundTrip(statuses) == statuses)
        let variables: [GamesQuery.Variables] = [
            .init(), .init(type: .null, activeOnly: .null), .init(type: .some(.keno), activeOnly: .some(true)),
        ]
        #expect(try Self.roundTrip(variables) == variables)
        #expect(try Self.roundTrip(DrawQuery.Variables(gameId: "x", number: Int64.max)).number == Int64.max)
        #expect(
            try Self.roundTrip(DrawsQuery.Variables(gameId: "x", last: .none, before: .some(Int64.min))).before
                == .some(Int64.min))
        #expect(try Self.roundTrip(ImageQuery.Variables(id: "i")) == ImageQuery.Variables(id: "i"))
        #expect(try Self.roundTrip(GameQuery.Variables(id: "g")) == GameQuery.Variables(id: "g"))
    }

    @Test(
        "captured server responses re-encode to the server's own JSON",
        arguments: [
            "game-6x45.graphql.json", "game-7x49.graphql.json", "game-ruslotto.graphql.json",
            "game-scratch-2027.graphql.json", "game-6x36.graphql.json", "draws-5x36.graphql.json",
            "draw-6x45-9007199254740995.graphql.json", "draw-ruslotto-1659.graphql.json",
            "draw-4x20-2506.graphql.json", "draw-5x36-123458.graphql.json", "image-logo-6x45.graphql.json",
        ])
    func capturedResponses(name: String) throws {
        let body = try Fixture.data(name)
        let serverData = try #require(try JSONDecoder().decode(JSONValue.self, from: body)["data"])
        let reEncoded: Data
        if name.hasPrefix("game-") {
            let data = try #require(try Fixture.graphQL(GameQuery.self, name).data)
            reEncoded = try JSONEncoder().encode(data)
            #expect(try JSONDecoder().decode(GameQuery.Data.self, from: reEncoded) == data)
        } else if name.hasPrefix("draws-") {
            let data = try #require(try Fixture.graphQL(DrawsQuery.self, name).data)
            reEncoded = try JSONEncoder().encode(data)
            #expect(try JSONDecoder().decode(DrawsQuery.Data.self, from: reEncoded) == data)
        } else if name.hasPrefix("draw-") {
            let data = try #require(try Fixture.graphQL(DrawQuery.self, name).data)
            reEncoded = try JSONEncoder().encode(data)
            #expect(try JSONDecoder().decode(DrawQuery.Data.self, from: reEncoded) == data)
        } else {
            let data = try #require(try Fixture.graphQL(ImageQuery.self, name).data)
            reEncoded = try JSONEncoder().encode(data)
            #expect(try JSONDecoder().decode(ImageQuery.Data.self, from: reEncoded) == data)
        }
        #expect(try JSONDecoder().decode(JSONValue.self, from: reEncoded) == serverData)
    }

    @Test("a gateway's Longs as strings re-encode as the contract writes them: JSON numbers")
    func longAsString() throws {
        for game in ["6x45", "7x49"] {
            let asStrings = try #require(
                try Fixture.graphQL(GameQuery.self, "game-\(game).graphql-long-as-string.json").data)
            let asNumbers = try JSONDecoder().decode(JSONValue.self, from: Fixture.data("game-\(game).graphql.json"))
            let reEncoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(asStrings))
            #expect(reEncoded == asNumbers["data"])
        }
    }
}
