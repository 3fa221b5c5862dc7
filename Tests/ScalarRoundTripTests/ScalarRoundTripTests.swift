import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// Data Connect's scalars through the types the build plugin generates from graphql/ (`UUID` mapped to `UUID`,
/// `UUIDKey` to `UUID` written without hyphens, `Date` to `LocalDate`, `Timestamp` to `Timestamp`, `Any` to
/// `JSONValue` by name): responses decode exactly on both decoding paths, encode back as the server sent them,
/// variables and inputs are written as the server expects, and every hostile value is an error with its path.
@Suite("Data Connect's scalars round trip through generated types")
struct ScalarRoundTripTests {
    static let response = """
        {"data":{"booking":{"id":"1B4E28BA-2FA1-11D2-883F-0016D3CCA427","key":"1b4e28ba2fa111d2883f0016d3cca427",\
        "day":"2026-11-28","nights":["2026-11-28","2026-11-29"],"checkIn":"2026-11-28T15:00:00.123456789Z",\
        "updatedAt":"2026-11-28T18:00:00.1Z","metadata":{"big":123456789012345678901234567890,"tags":["a",null]}}}}
        """

    static func decode<Data: Decodable & Sendable>(
        _ type: Data.Type, _ body: String, path: GraphQLResponseDecoder.Path = .automatic
    ) throws(APIError) -> Data? {
        try GraphQLResponseDecoder.decode(
            type, operation: "Booking", response: HTTPResponse(status: 200), body: Foundation.Data(body.utf8),
            errorPolicy: .failOnAnyError, path: path
        ).data
    }

    @Test("a response decodes exactly, and alike on the one-pass and the Decodable path")
    func decodes() throws {
        let fast = try #require(try Self.decode(BookingQuery.Data.self, Self.response)?.booking)
        let decodable = try Self.decode(BookingQuery.Data.self, Self.response, path: .decodable)?.booking
        #expect(fast == decodable)
        let onePass = try GraphQLResponseDecoder.decodeFastPathOnly(
            BookingQuery.Data.self, operation: "Booking", response: HTTPResponse(status: 200),
            body: Data(Self.response.utf8), errorPolicy: .failOnAnyError)
        #expect(onePass?.data?.booking == fast, "the one-pass decoder takes these scalars without declining")

        let uuid = try #require(UUID(uuidString: "1b4e28ba-2fa1-11d2-883f-0016d3cca427"))
        #expect(fast.id == uuid && fast.key == uuid)
        #expect(fast.day == LocalDate(year: 2026, month: 11, day: 28))
        #expect(fast.nights.map(\.description) == ["2026-11-28", "2026-11-29"])
        #expect(fast.checkIn?.nanoseconds == 123_456_789)
        #expect(fast.updatedAt.description == "2026-11-28T18:00:00.1Z")
        #expect(fast.metadata?["big"] == .number("123456789012345678901234567890"), "Any keeps every digit")
        #expect(fast.metadata?["tags"] == .array([.string("a"), .null]))
    }

    @Test("the decoded data encodes back as the server writes it: UUIDs in its forms, dates and instants exact")
    func encodesBack() throws {
        let data = try #require(try Self.decode(BookingQuery.Data.self, Self.response))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let booking = try JSONValue(parsing: encoder.encode(data))["booking"]
        #expect(booking?["id"] == .string("1b4e28ba-2fa1-11d2-883f-0016d3cca427"))
        #expect(booking?["key"] == .string("1b4e28ba2fa111d2883f0016d3cca427"))
        #expect(booking?["day"] == .string("2026-11-28"))
        #expect(booking?["nights"] == .array([.string("2026-11-28"), .string("2026-11-29")]))
        #expect(booking?["checkIn"] == .string("2026-11-28T15:00:00.123456789Z"))
        #expect(booking?["updatedAt"] == .string("2026-11-28T18:00:00.1Z"))
        // And decodes again to the same value (what typed test stubs rely on).
        let again = try Self.decode(
            BookingQuery.Data.self, #"{"data":"# + String(decoding: try encoder.encode(data), as: UTF8.self) + "}")
        #expect(again == data)
    }

    @Test("variables and inputs are sent as the server expects, with and without an encoder alike")
    func variables() throws {
        let uuid = try #require(UUID(uuidString: "1B4E28BA-2FA1-11D2-883F-0016D3CCA427"))
        let day = try #require(LocalDate("2026-02-28"))
        let since = try #require(Timestamp("2026-11-28T18:00:00.000000001Z"))
        let query = BookingsQuery(day: .some(day), since: .some(since), key: uuid)
        let json = try #require(query.variablesJSON)
        #expect(json["key"] == .string("1b4e28ba2fa111d2883f0016d3cca427"))
        #expect(json["day"] == .string("2026-02-28"))
        #expect(json["since"] == .string("2026-11-28T18:00:00.000000001Z"))
        let encoded = try JSONValue(parsing: JSONEncoder().encode(query.variables))
        #expect(encoded == .object(JSONObject(json)), "variablesJSON is what the encoder writes")
        #expect(
            try JSONDecoder().decode(BookingsQuery.Variables.self, from: JSONEncoder().encode(query.variables))
                == query.variables)
        #expect(BookingQuery(id: uuid).variablesJSON?["id"] == .string("1b4e28ba-2fa1-11d2-883f-0016d3cca427"))

        let input = BookingInput(
            guest: uuid, key: .some(uuid), day: day, days: .some([day]), at: .null,
            extra: .some(.object(["note": .string("late arrival")])))
        let sent = try JSONValue(parsing: JSONEncoder().encode(BookMutation(input: input).variables))["input"]
        #expect(sent?["guest"] == .string("1b4e28ba-2fa1-11d2-883f-0016d3cca427"))
        #expect(sent?["key"] == .string("1b4e28ba2fa111d2883f0016d3cca427"))
        #expect(sent?["days"] == .array([.string("2026-02-28")]))
        #expect(sent?["at"] == .null)
        #expect(sent?["extra"] == .object(["note": .string("late arrival")]))
    }

    @Test(
        "hostile values are decoding errors at their path, on both paths, never a nearby value",
        arguments: [
            (#""day":"2026-11-28""#, #""day":"2026-02-30""#, "data.booking.day", "day 30 does not exist"),
            (#""2026-11-29"]"#, #""2026-1-1"]"#, "data.booking.nights[1]", "not of the form YYYY-MM-DD"),
            (
                "1B4E28BA-2FA1-11D2-883F-0016D3CCA427", "1B4E28BA-2FA1-11D2-883F-0016D3CCA4Z7", "data.booking.id",
                "character 35 ('Z') is not a hexadecimal digit"
            ),
            (
                "1b4e28ba2fa111d2883f0016d3cca427", "1b4e28ba2fa111d2883f0016d3cca427x", "data.booking.key",
                "33 characters"
            ),
            ("15:00:00.123456789Z", "15:00:00.1234567891Z", "data.booking.checkIn", "the fraction has 10 digits"),
            ("18:00:00.1Z", "23:59:60Z", "data.booking.updatedAt", "leap second"),
        ])
    func hostile(original: String, replacement: String, path: String, reason: String) throws {
        let body = Self.response.replacingOccurrences(of: original, with: replacement)
        #expect(body != Self.response)
        for decodingPath in [GraphQLResponseDecoder.Path.automatic, .decodable] {
            do {
                _ = try Self.decode(BookingQuery.Data.self, body, path: decodingPath)
                Issue.record("decoded \(replacement)")
            } catch {
                guard case .decoding(let operation, let problem) = error else {
                    Issue.record("expected a decoding error, got \(error)")
                    continue
                }
                #expect(operation == "Booking")
                #expect(problem.path == path)
                #expect(problem.reason.contains(reason), "\(problem)")
                #expect(problem.found != nil, "the value found is reported")
            }
        }
    }

    @Test("through a client: typed stubs serialise as the server would, and the client reads them back")
    func throughAClient() async throws {
        let transport = GraphQLStubTransport()
        let stored = try #require(try Self.decode(BookingQuery.Data.self, Self.response))
        let uuid = try #require(stored.booking?.id)
        transport.stub(BookingQuery(id: uuid), data: stored)
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "https://api.example/graphql")), transport: transport,
            persistedQueries: .automatic(useGETForQueries: true))
        let result = try await client.execute(BookingQuery(id: uuid))
        #expect(result.data == stored)
        #expect(try transport.variables(of: BookingQuery.self) == [BookingQuery.Variables(id: uuid)])
        #expect(transport.requests.first?.request.method == "GET")
        #expect(transport.requests.first?.persistedQueryHash == BookingQuery.operationIdentifier)
    }
}
