import Foundation
import LegacyModels
import Testing

@Suite("draws_total and guessed: decimal strings to integers, exactly")
struct IntegerStringTests {
    private func drawsTotal(_ text: String) throws(LegacyAPIError) -> Int64 {
        let json = """
            {"game_id":"g","title":"t","game_type":1,"active":1,"ticket_price":"1.00","currency":"RUB",
             "numbers_count":1,"numbers_range":2,"draws_total":\(String(reflecting: text))}
            """
        return try Fixture.decodeResult(GameInfo.self, json: json).drawsTotal
    }

    @Test(
        "Valid totals, up to Int64.max and beyond 2^53",
        arguments: [
            ("9223372036854775807", Int64.max), ("9007199254740993", 9_007_199_254_740_993), ("0", 0), ("-0", 0),
            ("-9223372036854775808", Int64.min), ("007", 7),
        ])
    func valid(text: String, expected: Int64) throws {
        #expect(try drawsTotal(text) == expected)
    }

    @Test(
        "Malformed or out-of-range totals are rejected at result.draws_total",
        arguments: [
            "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1.5", "-", "", " 1", "1 ", "+1",
            "1e3", "0x10", "--1", "١",
        ])
    func invalid(text: String) {
        let error = Fixture.error { () throws(LegacyAPIError) in try drawsTotal(text) }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error for \(text), got \(String(describing: error))")
            return
        }
        #expect(path == "result.draws_total")
        #expect(message.hasPrefix(String(reflecting: text)))
    }

    @Test("Out of range says so and gives the range")
    func outOfRangeMessage() {
        let error = Fixture.error { () throws(LegacyAPIError) in try drawsTotal("9223372036854775808") }
        guard case .decoding(_, let message) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("out of range"))
        #expect(message.contains("9223372036854775807"))
    }

    @Test("draws_total as a JSON number instead of a string is a type mismatch at its path")
    func numberInsteadOfString() {
        let json = """
            {"game_id":"g","title":"t","game_type":1,"active":1,"ticket_price":"1.00","currency":"RUB",
             "numbers_count":1,"numbers_range":2,"draws_total":5}
            """
        let error = Fixture.error { () throws(LegacyAPIError) in try Fixture.decodeResult(GameInfo.self, json: json) }
        #expect(error?.decodingPath == "result.draws_total")
    }

    @Test("guessed is a decimal string")
    func guessed() throws {
        let good = #"{"guessed":"12","bonus":1,"winners":0,"prize":"0.00"}"#
        #expect(try Fixture.decodeResult(PrizeCategoryInfo.self, json: good).guessed == 12)
        let bad = #"{"guessed":"six","bonus":1,"winners":0,"prize":"0.00"}"#
        let error = Fixture.error { () throws(LegacyAPIError) in
            try Fixture.decodeResult(PrizeCategoryInfo.self, json: bad)
        }
        #expect(error?.decodingPath == "result.guessed")
    }
}
