import Foundation
import GraphQLBridge
import Testing

/// Generated enums keep a value the schema did not have as `.unknown(raw)`.
@Suite("GraphQLEnum")
struct GraphQLEnumTests {
    struct Holder: Codable, Equatable {
        var color: TestColor
        var colors: [TestColor]
    }

    @Test("known values decode to their cases")
    func known() throws {
        let holder = try JSONDecoder().decode(
            Holder.self, from: Data(#"{"color":"RED","colors":["GREEN","RED"]}"#.utf8))
        #expect(holder == Holder(color: .red, colors: [.green, .red]))
        #expect(holder.color.isKnown)
    }

    @Test("an unknown value keeps its raw value, is not known, and encodes back unchanged")
    func unknown() throws {
        let json = #"{"color":"ULTRAVIOLET","colors":["RED","infrared"]}"#
        let holder = try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
        #expect(holder.color == .unknown("ULTRAVIOLET"))
        #expect(holder.color.rawValue == "ULTRAVIOLET")
        #expect(!holder.color.isKnown)
        #expect(holder.colors == [.red, .unknown("infrared")])

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(holder), as: UTF8.self) == json)
    }

    @Test("init(rawValue:) never fails; allCases has only the known values")
    func rawValues() {
        #expect(TestColor(rawValue: "GREEN") == .green)
        #expect(TestColor(rawValue: "") == .unknown(""))
        #expect(TestColor(rawValue: "red") == .unknown("red"))  // raw values are case-sensitive
        #expect(TestColor.allCases == [.red, .green])
        #expect(TestColor.allCases.allSatisfy { $0.isKnown })
        // Equality is by raw value (RawRepresentable), so `.unknown` built by hand with a known raw value is
        // that known value.
        #expect(TestColor.unknown("RED") == .red)
        #expect(TestColor.unknown("RED").isKnown)
        #expect(TestColor.unknown("BLUE") != .red)
    }

    @Test("a value that is not a string is a decoding error at its path")
    func notAString() throws {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Holder.self, from: Data(#"{"color":1,"colors":[]}"#.utf8))
        }
    }
}
