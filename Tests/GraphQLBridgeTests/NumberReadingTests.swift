import Foundation
@_spi(Generated) import GraphQLBridge
import Testing

/// A number's text, its `Int64` reading (`nil`: an error) and its `Double` reading (`nil`: an error).
private let numberCases: [(String, Int64?, Double?)] = {
    var cases: [(String, Int64?, Double?)] = []
    cases.append(("1E6", 1_000_000, 1e6))
    cases.append(("1e6", 1_000_000, 1e6))
    cases.append(("1.0", 1, 1))
    cases.append(("-0", 0, -0.0))
    cases.append(("1.5e1", 15, 15))
    cases.append(("100e-2", 1, 1))
    cases.append(("9223372036854775807", Int64.max, 9_223_372_036_854_775_807))
    cases.append(("-9223372036854775808", Int64.min, -9_223_372_036_854_775_808))
    cases.append(("9223372036854775807.0", Int64.max, 9_223_372_036_854_775_807))
    cases.append(("1.5", nil, 1.5))
    cases.append(("9223372036854775808", nil, 9_223_372_036_854_775_808))
    cases.append(("1.000000000000000005", nil, 1))
    cases.append(("1E400", nil, nil))
    cases.append(("1E-999", nil, 0))
    return cases
}()

/// One reading of a number on every path: into `Int`, `Long` (its scalar rules), `Double` and `JSONValue.int64Value`.
@Suite("A number reads the same on every path")
struct NumberReadingTests {
    static let response = HTTPResponse(
        status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType])

    /// What each path gives for `text` in every field: `nil` for an error.
    fileprivate static func read(_ text: String, path: GraphQLResponseDecoder.Path) -> NumberQueryData? {
        let json: String = #"{"data":{"i":"# + text + #","l":"# + text + #","d":"# + text + "}}"
        let body = Data(json.utf8)
        return try? GraphQLResponseDecoder.decode(
            NumberQueryData.self, operation: "Numbers", response: Self.response, body: body,
            errorPolicy: .failOnAnyError, path: path
        ).data
    }

    @Test(
        "Int, Long and int64Value: the exact value when whole and in range, however written; Double: the nearest",
        arguments: numberCases)
    func oneReading(text: String, integer: Int64?, double: Double?) {
        #expect(JSONValue.number(text).int64Value == integer, "int64Value")
        #expect((try? JSONValue(parsing: Data(text.utf8))) == .number(text), "kept as written")
        for path in [GraphQLResponseDecoder.Path.automatic, .decodable] {
            // The three fields decode together: when one of them cannot hold the number, the whole answer fails.
            let read = Self.read(text, path: path)
            if let integer, let double, Int(exactly: integer) != nil {
                #expect(read == NumberQueryData(i: Int(integer), l: integer, d: double), "\(path)")
            } else {
                #expect(read == nil, "\(path)")
            }
        }
        // Each type alone, on both paths.
        for path in [GraphQLResponseDecoder.Path.automatic, .decodable] {
            let json: String = #"{"data":{"d":"# + text + "}}"
            let body = Data(json.utf8)
            let read = try? GraphQLResponseDecoder.decode(
                DoubleOnlyData.self, operation: "D", response: Self.response, body: body,
                errorPolicy: .failOnAnyError, path: path
            ).data?.d
            #expect(read == double, "Double \(path)")
        }
    }
}

/// `{ i: Int, l: Long, d: Float }` in the generator's form.
private struct NumberQueryData: GraphQLFastDecodable, Hashable {
    var i: Int
    var l: Long
    var d: Double

    enum CodingKeys: String, CodingKey {
        case i, l, d
    }

    init(i: Int, l: Long, d: Double) {
        self.i = i
        self.l = l
        self.d = d
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        i = try container.decode(Int.self, forKey: .i)
        l = try container.decodeScalar(Long.self, forKey: .l)
        d = try container.decode(Double.self, forKey: .d)
    }

    init(graphQLReader: inout GraphQLJSONReader) throws(GraphQLJSONReader.Declined) {
        var i: Int?
        var l: Long?
        var d: Double?
        var more = try graphQLReader.beginObject()
        while more {
            try graphQLReader.readKey()
            if graphQLReader.keyEquals("i") {
                guard i == nil else { throw GraphQLJSONReader.Declined() }
                i = try graphQLReader.readDecodable(Int.self)
            } else if graphQLReader.keyEquals("l") {
                guard l == nil else { throw GraphQLJSONReader.Declined() }
                l = try graphQLReader.readScalar(Int64.self)
            } else if graphQLReader.keyEquals("d") {
                guard d == nil else { throw GraphQLJSONReader.Declined() }
                d = try graphQLReader.readDecodable(Double.self)
            } else {
                try graphQLReader.skipValue()
            }
            more = try graphQLReader.nextMember()
        }
        guard let i, let l, let d else { throw GraphQLJSONReader.Declined() }
        self.init(i: i, l: l, d: d)
    }
}

/// `{ d: Float }` in the generator's form.
private struct DoubleOnlyData: GraphQLFastDecodable, Hashable {
    var d: Double

    enum CodingKeys: String, CodingKey {
        case d
    }

    init(from decoder: any Decoder) throws {
        d = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .d)
    }

    init(graphQLReader: inout GraphQLJSONReader) throws(GraphQLJSONReader.Declined) {
        var d: Double?
        var more = try graphQLReader.beginObject()
        while more {
            try graphQLReader.readKey()
            if graphQLReader.keyEquals("d") {
                guard d == nil else { throw GraphQLJSONReader.Declined() }
                d = try graphQLReader.readDecodable(Double.self)
            } else {
                try graphQLReader.skipValue()
            }
            more = try graphQLReader.nextMember()
        }
        guard let d else { throw GraphQLJSONReader.Declined() }
        self.d = d
    }
}
