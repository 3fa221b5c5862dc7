import Foundation
import LegacyModels
import Testing

@Suite("Money strings to Decimal, exactly")
struct MoneyTests {
    /// Decodes a prize category whose `prize` is `prize` (a JSON string literal's contents).
    private func prize(_ prize: String) throws(LegacyAPIError) -> Decimal {
        let json = #"{"guessed":"6","bonus":0,"winners":1,"prize":\#(String(reflecting: prize))}"#
        return try Fixture.decodeResult(PrizeCategoryInfo.self, json: json).prize
    }

    @Test(
        "Valid amounts decode to the exact Decimal",
        arguments: [
            ("100.00", "100"), ("0.05", "0.05"), ("0.00", "0"), ("-0.00", "0"), ("-12.34", "-12.34"),
            ("123456789.50", "123456789.5"), ("92233720368547758.07", "92233720368547758.07"),
            ("92233720368547758.08", "92233720368547758.08"),
            ("123456789012345678901234567890123456.78", "123456789012345678901234567890123456.78"),
        ])
    func validAmounts(text: String, expected: String) throws {
        let value = try prize(text)
        #expect(value == (try Fixture.money(expected)))
        #expect(LegacyMoney.parse(text) == value)
        #expect(LegacyMoney.format(value) == (text == "-0.00" ? "0.00" : text))
    }

    @Test("Int64.max minor units is exact and round-trips through minor units")
    func int64Max() throws {
        let value = try prize("92233720368547758.07")
        #expect(value == LegacyMoney.decimal(minorUnits: .max))
        #expect(LegacyMoney.minorUnits(value) == .max)
        #expect(LegacyMoney.minorUnits(LegacyMoney.decimal(minorUnits: .min)) == .min)
        #expect(LegacyMoney.minorUnits(value + 1) == nil)
        #expect(LegacyMoney.decimal(minorUnits: 5) == (try Fixture.money("0.05")))
        #expect(LegacyMoney.minorUnits(try Fixture.money("0.005")) == nil)
    }

    @Test(
        "Malformed amounts are rejected with the value and the expected form",
        arguments: [
            "100", "100.0", "100.000", "1e5", "abc", " 1.00", "1.00 ", "+1.00", "--1.00", "-", ".05", "1.", "",
            "1,00", "1.0.0", "١.٠٠",
        ])
    func malformed(text: String) {
        #expect(LegacyMoney.parse(text) == nil)
        let error = Fixture.error { () throws(LegacyAPIError) in try prize(text) }
        guard case .decoding(let path, let message) = error else {
            Issue.record("expected a decoding error for \(text), got \(String(describing: error))")
            return
        }
        #expect(path == "result.prize")
        #expect(message.contains("\(String(reflecting: text)) is not a money amount"))
        #expect(message.contains(#"exactly two decimals like "100.00""#))
    }

    @Test("More than 38 significant digits cannot be exact and is rejected")
    func tooManyDigits() {
        let text = String(repeating: "9", count: 37) + ".00"
        #expect(LegacyMoney.parse(text) == nil)
        #expect(LegacyMoney.parse("000000000000000000000000000000000000000001.00") != nil)
    }

    @Test("Formatting always gives two decimals, rounding half away from zero")
    func format() throws {
        #expect(LegacyMoney.format(0) == "0.00")
        #expect(LegacyMoney.format(100) == "100.00")
        #expect(LegacyMoney.format(try Fixture.money("1.5")) == "1.50")
        #expect(LegacyMoney.format(try Fixture.money("1.005")) == "1.01")
        #expect(LegacyMoney.format(try Fixture.money("-1.005")) == "-1.01")
        #expect(LegacyMoney.format(.nan) == "NaN")
    }
}
