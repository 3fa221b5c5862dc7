import Foundation
import LotteryAPI
import Testing

@testable import GraphQLBridge

/// The generated `variablesJSON` (the variables written without an encoder, for cache keys and request bodies) must
/// be exactly what encoding `variables` gives: the same members with the same values.
@Suite("Generated variablesJSON")
struct VariablesJSONTests {
    /// `variables` through the client's encoder, read back as the client read them before `variablesJSON`.
    static func encoded<Operation: GraphQLOperation>(_ operation: Operation) throws -> [String: JSONValue] {
        let data = try GraphQLHTTPClient.sharedVariablesEncoder.encode(operation.variables)
        guard case .object(let members) = try JSONValue(parsing: data) else {
            throw GraphQLDecodingError(path: "variables", expected: "an object", found: nil, reason: "not an object")
        }
        return members
    }

    /// Strings that need escaping, and the integers at the ends of their types.
    static let awkwardStrings = ["6x45", "", "quote \" backslash \\ slash /", "line\nbreak\ttab\u{1}", "é 😀 \u{2028}"]

    @Test("every LotteryAPI operation: variablesJSON equals the encoded variables, for every presence of each value")
    func lotteryOperations() throws {
        for text in Self.awkwardStrings {
            let game = GameQuery(id: text)
            #expect(game.variablesJSON == (try Self.encoded(game)))
            let image = ImageQuery(id: text)
            #expect(image.variablesJSON == (try Self.encoded(image)))
            for favorite in [true, false] {
                let mutation = SetFavoriteMutation(gameId: text, favorite: favorite)
                #expect(mutation.variablesJSON == (try Self.encoded(mutation)))
            }
            for number in [Long.min, -1, 0, 1, Long.max] {
                let draw = DrawQuery(gameId: text, number: number)
                #expect(draw.variablesJSON == (try Self.encoded(draw)))
            }
            let lasts: [GraphQLNullable<Int>] = [.none, .null, .some(0), .some(Int.min), .some(Int.max)]
            let befores: [GraphQLNullable<Long>] = [.none, .null, .some(Long.min), .some(42)]
            for last in lasts {
                for before in befores {
                    let draws = DrawsQuery(gameId: text, last: last, before: before)
                    #expect(draws.variablesJSON == (try Self.encoded(draws)), "last \(last), before \(before)")
                }
            }
        }
        let types: [GraphQLNullable<GameType>] = [.none, .null, .some(.lotto), .some(.unknown("SCRATCH \"CARD\""))]
        for type in types {
            for activeOnly in [GraphQLNullable<Bool>.none, .null, true, false] {
                let games = GamesQuery(type: type, activeOnly: activeOnly)
                #expect(games.variablesJSON == (try Self.encoded(games)), "type \(type), activeOnly \(activeOnly)")
            }
        }
        #expect(GamesQuery().variablesJSON == [:])
    }

    @Test("an omitted nullable variable is absent, an explicit null is null")
    func presence() {
        #expect(DrawsQuery(gameId: "6x45").variablesJSON == ["gameId": .string("6x45")])
        #expect(
            DrawsQuery(gameId: "6x45", last: .null, before: 7).variablesJSON
                == ["gameId": .string("6x45"), "last": .null, "before": .number("7")])
    }

    /// A date variable as the generator writes it (`DateTimeScalar.format`), against the encoder's date strategy.
    struct DatedQuery: GraphQLQuery {
        static let operationName = "Dated"
        static let document = "query Dated($since:DateTime){draws(since:$since){number}}"
        struct Variables: Encodable, Sendable {
            var since: Date?
            enum CodingKeys: String, CodingKey { case since }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(since.map { DateTimeScalar.format($0) }, forKey: .since)
            }
        }
        struct Data: Decodable, Sendable {}
        var since: Date?
        var variables: Variables { Variables(since: since) }
        var variablesJSON: [String: JSONValue]? {
            var json: [String: JSONValue] = [:]
            if let value = self.since { json["since"] = .string(DateTimeScalar.format(value)) }
            return json
        }
    }

    struct NoVariablesQuery: GraphQLQuery {
        static let operationName = "Everything"
        static let document = "query Everything{games{id}}"
        struct Data: Decodable, Sendable {}
    }

    @Test("an operation without variables has an empty object")
    func noVariables() throws {
        #expect(NoVariablesQuery().variablesJSON == [:])
        #expect(try Self.encoded(NoVariablesQuery()) == [:])
    }

    @Test("a DateTime variable is the encoder's RFC 3339 text", arguments: [nil, 0, 1_733_000_000.125, -86_400.5])
    func dates(seconds: Double?) throws {
        let query = DatedQuery(since: seconds.map { Date(timeIntervalSince1970: $0) })
        #expect(query.variablesJSON == (try Self.encoded(query)))
    }

    @Test("the request body written from variablesJSON is the encoder's body, member for member")
    func requestBody() throws {
        let query = DrawsQuery(gameId: "quote \" and \\ and /", last: 5, before: .null)
        let fast = OperationTypeCache.shared.requestBody(DrawsQuery.self, variables: query.variablesJSON ?? [:])
        let encoded = try GraphQLHTTPClient.sharedVariablesEncoder.encode(
            RequestBody(query: DrawsQuery.document, operationName: DrawsQuery.operationName, variables: query.variables)
        )
        #expect(try JSONValue(parsing: fast) == JSONValue(parsing: encoded))
        // The second body of the type reuses the kept prefix.
        let again = OperationTypeCache.shared.requestBody(DrawsQuery.self, variables: ["gameId": .string("x")])
        #expect(
            try JSONValue(parsing: again)
                == .object([
                    "query": .string(DrawsQuery.document), "operationName": .string("Draws"),
                    "variables": .object(["gameId": .string("x")]),
                ]))
    }
}
