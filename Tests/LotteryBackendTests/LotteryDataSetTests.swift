import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

@Suite("Data set")
struct LotteryDataSetTests {
    @Test("The fixture decodes with exact 64-bit values, sorted games and indexes")
    func decodesFixture() throws {
        let dataSet = try TestSupport.smallDataSet()
        #expect(dataSet.games.map(\.id) == ["6x45", "max", "old", "scratch"])
        #expect(dataSet.images.count == 2)
        #expect(dataSet.draws.count == 7)
        let max = try #require(dataSet.game(id: "max"))
        #expect(max.ticketPrice == Int64.max)
        #expect(max.drawsCount == 9_223_372_036_854_775_807)
        #expect(max.lastDraw == 9_007_199_254_740_993)
        #expect(dataSet.game(id: "6x45")?.drawsCount == 9_007_199_254_740_993)
        #expect(dataSet.draws(gameId: "6x45").map(\.number) == [12_346, 12_345, 12_344, 12_343])
        #expect(dataSet.draws(gameId: "6x45", limit: 2, before: 12_346).map(\.number) == [12_345, 12_344])
        #expect(dataSet.draws(gameId: "nope").isEmpty)
        let selling = try #require(dataSet.draw(gameId: "6x45", number: 12_346))
        #expect(selling.ledgerDown == false)
        #expect(selling.id == "6x45-12346")
        #expect(selling.date.rfc3339 == "2026-11-28T21:30:05Z")
        #expect(dataSet.draw(DrawKey(gameId: "max", number: 9_007_199_254_740_993))?.ledgerDown == true)
        #expect(dataSet.image(id: "logo-max")?.width == 256)
        #expect(dataSet.image(id: "none") == nil)
    }

    @Test("The bundled data set loads")
    func bundled() throws {
        let dataSet = try LotteryDataSet.bundled()
        #expect(!dataSet.games.isEmpty)
        #expect(!dataSet.draws.isEmpty)
        for game in dataSet.games {
            if let logo = game.logo { #expect(dataSet.image(id: logo) != nil, "logo of \(game.id)") }
            if let last = game.lastDraw { #expect(dataSet.draw(gameId: game.id, number: last) != nil, "\(game.id)") }
        }
    }

    @Test(
        "Bad data is a typed error with the JSON path",
        arguments: [
            ("not json", "$"),
            (#"{"images": [], "games": []}"#, "$.draws"),
            (
                #"{"images": [{"id": "a", "url": "u", "width": "1", "height": 1}], "games": [], "draws": []}"#,
                "$.images[0].width"
            ),
            (
                #"{"images": [], "games": [], "draws": [{"gameId": "g", "number": 1, "date": "2026-02-30T00:00:00Z"}]"#
                    + "}",
                "$.draws[0].date"
            ),
            (#"{"images": [], "games": [], "draws": [{"gameId": "g", "number": 9223372036854775808}]}"#, "$"),
        ])
    func invalid(json: String, path: String) throws {
        do {
            _ = try LotteryDataSet(jsonData: Data(json.utf8))
            Issue.record("expected an error for \(json)")
        } catch let error as LotteryDataSetError {
            guard case .invalid(let errorPath, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errorPath.hasPrefix(path), "\(errorPath): \(reason)")
            #expect(error.description.contains(errorPath))
        }
    }

    @Test("Duplicate ids are rejected")
    func duplicates() throws {
        let image = DataSetImage(id: "a", url: "u", width: 1, height: 1)
        #expect(throws: LotteryDataSetError.duplicate(kind: "image", id: "a", path: "$.images[1].id")) {
            _ = try LotteryDataSet(images: [image, image], games: [], draws: [])
        }
        let json = try TestSupport.fixture("small-dataset.json")
        var text = String(decoding: json, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"id\": \"old\"", with: "\"id\": \"max\"")
        #expect(throws: LotteryDataSetError.self) { _ = try LotteryDataSet(jsonData: Data(text.utf8)) }
    }
}
