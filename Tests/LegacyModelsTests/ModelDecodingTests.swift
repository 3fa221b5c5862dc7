import Foundation
import LegacyModels
import Testing

@Suite("Decoding the legacy models from REST payloads")
struct ModelDecodingTests {
    @Test("A full game with logo, next and last draw decodes field by field")
    func fullGame() throws {
        let game = try Fixture.decode(GameInfo.self, "game-full")
        let lastDraw = DrawInfo(
            id: "6x45-12345",
            gameId: "6x45",
            number: 12345,
            date: try Fixture.utc("2026-11-28T18:00:00Z"),
            state: .completed,
            combination: [4, 8, 15, 16, 23, 42],
            bonusNumbers: [],
            prizePool: try Fixture.money("5000000"),
            superPrize: try Fixture.money("123456789.5"),
            ticketsSold: 1_234_567,
            categories: [
                PrizeCategoryInfo(guessed: 6, bonus: false, winners: 1, prize: try Fixture.money("123456789.50")),
                PrizeCategoryInfo(guessed: 5, bonus: false, winners: 40, prize: try Fixture.money("15000")),
            ],
            videoURL: try Fixture.url("https://video.example/6x45/12345.mp4")
        )
        let nextDraw = DrawInfo(
            id: "6x45-12346",
            gameId: "6x45",
            number: 12346,
            date: try Fixture.utc("2026-12-31T23:30:00Z"),
            state: .selling,
            combination: [],
            bonusNumbers: [],
            prizePool: try Fixture.money("0.05"),
            superPrize: try Fixture.money("123456789.50"),
            ticketsSold: 0,
            categories: [],
            videoURL: nil
        )
        let expected = GameInfo(
            id: "6x45",
            title: "Gosloto 6 of 45",
            type: .lotto,
            isActive: true,
            ticketPrice: 100,
            currency: "RUB",
            superPrize: try Fixture.money("123456789.50"),
            numbersCount: 6,
            numbersRange: 45,
            bonusRange: nil,
            logo: ImageInfo(
                id: "logo-6x45", url: try Fixture.url("https://cdn.example/6x45.png"), width: 128, height: 96),
            nextDraw: nextDraw,
            lastDraw: lastDraw,
            drawsTotal: 9_007_199_254_740_993,
            rulesURL: try Fixture.url("https://lottery.example/rules/6x45")
        )
        #expect(game.lastDraw == lastDraw)
        #expect(game.nextDraw == nextDraw)
        #expect(game == expected)
        #expect(game.hashValue == expected.hashValue)
    }

    @Test("Every nullable game field may be null; unknown game type 5 becomes .unknown")
    func gameWithNulls() throws {
        let game = try Fixture.decode(GameInfo.self, "game-nulls")
        #expect(game.type == .unknown)
        #expect(game.type.code == nil)
        #expect(game.isActive == false)
        #expect(game.superPrize == nil)
        #expect(game.bonusRange == nil)
        #expect(game.logo == nil)
        #expect(game.nextDraw == nil)
        #expect(game.lastDraw == nil)
        #expect(game.rulesURL == nil)
        #expect(game.drawsTotal == 0)
        #expect(game.ticketPrice == LegacyMoney.decimal(minorUnits: .max))
    }

    @Test("Absent nullable keys are read as null")
    func absentNullableKeys() throws {
        let json = """
            {"game_id":"g","title":"t","game_type":2,"active":1,"ticket_price":"1.00","currency":"RUB",
             "numbers_count":1,"numbers_range":2,"draws_total":"3"}
            """
        let game = try Fixture.decodeResult(GameInfo.self, json: json)
        #expect(game.type == .keno)
        #expect(game.superPrize == nil && game.logo == nil && game.nextDraw == nil && game.rulesURL == nil)
    }

    @Test("A draw decodes: bonus numbers, bonus category flag, Int64.max tickets, leap day across midnight")
    func draw() throws {
        let draw = try Fixture.decode(DrawInfo.self, "draw")
        let expected = DrawInfo(
            id: "4x20-900",
            gameId: "4x20",
            number: 900,
            date: try Fixture.utc("2028-02-28T21:15:00Z"),
            state: .completed,
            combination: [3, 7, 11, 20],
            bonusNumbers: [2, 19],
            prizePool: 1_000_000,
            superPrize: 250_000,
            ticketsSold: .max,
            categories: [
                PrizeCategoryInfo(guessed: 4, bonus: true, winners: 2, prize: 250_000),
                PrizeCategoryInfo(
                    guessed: 4, bonus: false, winners: 9_007_199_254_740_993, prize: try Fixture.money("0.05")),
            ],
            videoURL: try Fixture.url("https://video.example/4x20/900.mp4")
        )
        #expect(draw == expected)
    }

    @Test("Every nullable draw field may be null; unknown state \"postponed\" becomes .unknown")
    func drawWithNulls() throws {
        let draw = try Fixture.decode(DrawInfo.self, "draw-nulls")
        #expect(draw.state == .unknown)
        #expect(draw.state.rawState == nil)
        #expect(draw.prizePool == nil)
        #expect(draw.superPrize == nil)
        #expect(draw.videoURL == nil)
        #expect(draw.combination.isEmpty && draw.bonusNumbers.isEmpty)
    }

    @Test("An image decodes")
    func image() throws {
        let image = try Fixture.decode(ImageInfo.self, "image")
        let url = try Fixture.url("https://cdn.example/6x45.png")
        #expect(image == ImageInfo(id: "logo-6x45", url: url, width: 128, height: 96))
    }

    @Test("A list of draws decodes in order")
    func drawList() throws {
        let draws = try Fixture.decode([DrawInfo].self, "draws-list")
        #expect(draws.map(\.number) == [12345, 12344])
        #expect(draws.map(\.state) == [.completed, .cancelled])
    }

    @Test(
        "Game type codes and draw states map both ways",
        arguments: [
            (1, GameType.lotto), (2, .keno), (3, .rapid), (4, .instant), (0, .unknown), (5, .unknown), (-1, .unknown),
        ])
    func gameTypeCodes(code: Int, type: GameType) {
        #expect(GameType(code: code) == type)
        #expect(type.code == ((1...4).contains(code) ? code : nil))
    }

    @Test("Draw state strings map both ways; other strings, including capitals, are .unknown")
    func drawStates() {
        for state in [DrawState.announced, .selling, .drawing, .completed, .cancelled] {
            #expect(DrawState(rawState: state.rawState ?? "") == state)
        }
        #expect(DrawState(rawState: "postponed") == .unknown)
        #expect(DrawState(rawState: "COMPLETED") == .unknown)
        #expect(DrawState(rawState: "") == .unknown)
    }

    @Test("Category bonus and game active accept only 0 and 1")
    func flags() {
        let category = #"{"guessed":"6","bonus":2,"winners":1,"prize":"1.00"}"#
        let error = Fixture.error { () throws(LegacyAPIError) in
            try Fixture.decodeResult(PrizeCategoryInfo.self, json: category)
        }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "result.bonus")
        #expect(message.contains("2 is not a flag"))
        let boolean = #"{"guessed":"6","bonus":true,"winners":1,"prize":"1.00"}"#
        let booleanError = Fixture.error { () throws(LegacyAPIError) in
            try Fixture.decodeResult(PrizeCategoryInfo.self, json: boolean)
        }
        #expect(booleanError?.decodingPath == "result.bonus")
        let game = """
            {"game_id":"g","title":"t","game_type":1,"active":-1,"ticket_price":"1.00","currency":"RUB",
             "numbers_count":1,"numbers_range":2,"draws_total":"3"}
            """
        let gameError = Fixture.error { () throws(LegacyAPIError) in try Fixture.decodeResult(GameInfo.self, json: game)
        }
        #expect(gameError?.decodingPath == "result.active")
        #expect(gameError?.description.contains("-1 is not a flag") == true)
    }

    @Test(
        "Number lists: spaces, empty elements, signs and trailing commas are rejected",
        arguments: [
            "4, 8", "4,,8", ",4", "4,", "-4", "4;8", " ",
        ])
    func badNumberList(list: String) {
        let json = """
            {"draw_id":"d","game_id":"g","draw_number":1,"draw_date":"28.11.2026 21:00:00","state":"completed",
             "combination":\(String(reflecting: list)),"bonus":"","prize_pool":null,"super_prize":null,
             "tickets_sold":0,"categories":[],"video":null}
            """
        let error = Fixture.error { () throws(LegacyAPIError) in try Fixture.decodeResult(DrawInfo.self, json: json) }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error for \(list), got \(String(describing: error))")
            return
        }
        #expect(path == "result.combination")
        #expect(message.contains("is not a number list"))
    }

    @Test("An invalid URL is a decoding error at its field", arguments: ["not a url", "", "cdn.example/x.png"])
    func badURL(url: String) {
        let json = #"{"image_id":"i","url":\#(String(reflecting: url)),"w":1,"h":1}"#
        let error = Fixture.error { () throws(LegacyAPIError) in try Fixture.decodeResult(ImageInfo.self, json: json) }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error for \(url), got \(String(describing: error))")
            return
        }
        #expect(path == "result.url")
        #expect(message.contains("is not a valid URL"))
    }

    @Test("A bad value deep in a list reports its full JSON path")
    func deepPath() throws {
        var text = String(decoding: try Fixture.data("game-full"), as: UTF8.self)
        text = text.replacingOccurrences(of: #""prize": "15000.00""#, with: #""prize": "15000""#)
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(GameInfo.self, from: Data(text.utf8))
        }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "result.last_draw.categories[1].prize")
        #expect(message.contains(#""15000" is not a money amount"#))
    }

    @Test("A missing required field and a null required field are decoding errors with their path")
    func missingAndNull() {
        let missing = Fixture.error { () throws(LegacyAPIError) in
            try Fixture.decodeResult(ImageInfo.self, json: #"{"image_id":"i","url":"https://x.example/i","w":1}"#)
        }
        #expect(missing?.decodingPath == "result.h")
        let null = Fixture.error { () throws(LegacyAPIError) in
            try Fixture.decodeResult(
                ImageInfo.self, json: #"{"image_id":null,"url":"https://x.example/i","w":1,"h":1}"#)
        }
        #expect(null?.decodingPath == "result.image_id")
    }
}
