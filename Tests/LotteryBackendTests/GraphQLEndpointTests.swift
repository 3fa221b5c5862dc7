import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("GraphQL API")
struct GraphQLEndpointTests {
    static let drawFields = """
        fragment DrawParts on Draw {
          __typename id gameId number date status winningNumbers bonusNumbers prizePool superPrize ticketsSold
          prizeCategories { matched bonusMatched winners amount }
          videoUrl
        }
        """

    @Test("A query with variables, a named fragment, aliases and __typename")
    func gameWithFragmentsAndAliases() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let query = """
            query Game($id: ID!) {
              game(id: $id) {
                __typename
                id
                title: name
                type
                isActive
                ticketPrice
                superPrize
                bonusRange
                logo { __typename id url w: width height }
                last: lastDraw { ...DrawParts }
                drawsCount
              }
            }
            \(GraphQLEndpointTests.drawFields)
            """
        let response = try await TestSupport.graphQL(server, query, variables: .object([("id", .string("6x45"))]))
        #expect(response.status == 200)
        #expect(response.contentType.hasPrefix("application/graphql-response+json"))
        let json = try response.json()
        #expect(json["errors"] == nil)
        let game = try #require(json[path: "data", "game"])
        #expect(game["__typename"] == .string("Game"))
        #expect(game["title"] == .string("Gosloto 6 of 45"))
        #expect(game["type"] == .string("LOTTO"))
        #expect(game["isActive"] == .bool(true))
        #expect(game["ticketPrice"] == .int(10_000))
        #expect(game["superPrize"] == .int(12_345_678_950))
        #expect(game["bonusRange"] == .null)
        #expect(game[path: "logo", "w"] == .int(128))
        #expect(game[path: "logo", "__typename"] == .string("Image"))
        #expect(game["drawsCount"] == .number("9007199254740993"))
        let draw = try #require(game["last"])
        #expect(draw["__typename"] == .string("Draw"))
        #expect(draw["id"] == .string("6x45-12345"))
        #expect(draw["number"] == .int(12_345))
        #expect(draw["date"] == .string("2026-11-28T18:00:00Z"))
        #expect(draw["status"] == .string("COMPLETED"))
        #expect(draw["winningNumbers"] == .array([4, 8, 15, 16, 23, 42].map { .int($0) }))
        #expect(draw["bonusNumbers"] == .array([]))
        #expect(draw["prizePool"] == .int(500_000_000))
        #expect(draw[path: "prizeCategories", 1, "winners"] == .int(40))
        #expect(draw[path: "prizeCategories", 1, "amount"] == .int(1_500_000))
        #expect(draw[path: "prizeCategories", 0, "bonusMatched"] == .bool(false))
        // Response keys keep the query's order.
        if case .object(let members) = game {
            #expect(members.map(\.0).prefix(4) == ["__typename", "id", "title", "type"])
        }
    }

    @Test("Inline fragments, @skip and @include with literals and variables")
    func inlineFragmentsAndDirectives() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let query = """
            query ($withName: Boolean!, $skipType: Boolean = true) {
              games {
                ... on Game { id }
                ... @include(if: $withName) { name }
                type @skip(if: $skipType)
                currency @skip(if: false)
              }
              image(id: "logo-6x45") @include(if: false) { id }
            }
            """
        let json = try await TestSupport.graphQL(server, query, variables: .object([("withName", .bool(true))])).json()
        let games = try #require(json[path: "data", "games"])
        #expect(games.elements.count == 3)
        #expect(
            games[0]
                == .object([
                    ("id", .string("6x45")), ("name", .string("Gosloto 6 of 45")), ("currency", .string("RUB")),
                ]))
        #expect(json[path: "data", "image"] == nil)
    }

    @Test("games filters by type (unknown values of a newer server included) and activeOnly")
    func gamesFilters() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let json = try await TestSupport.graphQL(
            server,
            """
            { all: games(activeOnly: false) { id type } lotto: games(type: LOTTO, activeOnly: false) { id }
              scratch: games(type: SCRATCH) { id type } }
            """
        ).json()
        #expect(json["errors"] == nil)
        #expect(
            json[path: "data", "all"]?.elements.compactMap { $0["id"]?.stringValue } == [
                "6x45", "max", "old", "scratch",
            ])
        #expect(json[path: "data", "lotto"]?.elements.compactMap { $0["id"]?.stringValue } == ["6x45", "old"])
        #expect(json[path: "data", "scratch", 0, "type"] == .string("SCRATCH"))
    }

    @Test("draws: newest first, last and before (Long from a string variable), unknown game gives []")
    func draws() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let query = """
            query Draws($gameId: ID!, $last: Int, $before: Long) {
              draws(gameId: $gameId, last: $last, before: $before) { number status }
            }
            """
        let all = try await TestSupport.graphQL(server, query, variables: .object([("gameId", .string("6x45"))])).json()
        #expect(
            all[path: "data", "draws"]?.elements.compactMap { $0["number"] }
                == [12346, 12345, 12344, 12343].map { .int($0) })
        #expect(all[path: "data", "draws", 3, "status"] == .string("POSTPONED"))
        let limited = try await TestSupport.graphQL(
            server, query,
            variables: .object([("gameId", .string("6x45")), ("last", .int(1)), ("before", .string("12345"))])
        ).json()
        #expect(
            limited[path: "data", "draws"]
                == .array([.object([("number", .int(12344)), ("status", .string("CANCELLED"))])]))
        let unknown = try await TestSupport.graphQL(server, query, variables: .object([("gameId", .string("nope"))]))
            .json()
        #expect(unknown[path: "data", "draws"] == .array([]))
    }

    @Test("draws(last:) outside 1...100 is a field error that nulls data (non-null field)")
    func drawsOutOfRange() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let response = try await TestSupport.graphQL(server, "{ __typename draws(gameId: \"6x45\", last: 0) { id } }")
        #expect(response.status == 200)
        let json = try response.json()
        #expect(json["data"] == .null)
        #expect(json[path: "errors", 0, "path"] == .array([.string("draws")]))
        #expect(json[path: "errors", 0, "extensions", "code"] == .string("BAD_REQUEST"))
        #expect(json[path: "errors", 0, "message"] == .string("last must be between 1 and 100, got 0"))
    }

    @Test("A ledger-down draw: partial data, prizePool and superPrize null, one error each with path and locations")
    func ledgerDown() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let query = """
            {
              game(id: "max") {
                id
                lastDraw { id pool: prizePool superPrize ticketsSold }
              }
            }
            """
        let response = try await TestSupport.graphQL(server, query)
        #expect(response.status == 200)
        let json = try response.json()
        #expect(
            json[path: "data", "game", "lastDraw"]
                == .object([
                    ("id", .string("max-9007199254740993")), ("pool", .null), ("superPrize", .null),
                    ("ticketsSold", .number("9223372036854775807")),
                ]))
        let errors = try #require(json["errors"]).elements
        #expect(errors.count == 2)
        #expect(errors[0]["path"] == .array([.string("game"), .string("lastDraw"), .string("pool")]))
        #expect(errors[0]["locations"] == .array([.object([("line", .int(4)), ("column", .int(19))])]))
        #expect(errors[0][path: "extensions", "code"] == .string("LEDGER_UNAVAILABLE"))
        #expect(errors[1]["path"] == .array([.string("game"), .string("lastDraw"), .string("superPrize")]))
        #expect(errors[1]["message"]?.stringValue?.contains("superPrize") == true)
        // `errors` comes before `data`, as graphql-core writes it.
        if case .object(let members) = json { #expect(members.map(\.0) == ["errors", "data"]) }
    }

    @Test("Missing entities are null; unknown enum values of the data are sent as they are")
    func missingAndUnknown() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let json = try await TestSupport.graphQL(
            server,
            """
            { game(id: "7x49") { id } draw(gameId: "6x45", number: 1) { id } image(id: "x") { id }
              scratch: game(id: "scratch") { type nextDraw { status } lastDraw { id } logo { id } }
              postponed: draw(gameId: "6x45", number: "12343") { status } }
            """
        ).json()
        #expect(json["errors"] == nil)
        #expect(json[path: "data", "game"] == .null)
        #expect(json[path: "data", "draw"] == .null)
        #expect(json[path: "data", "image"] == .null)
        #expect(json[path: "data", "scratch", "type"] == .string("SCRATCH"))
        #expect(json[path: "data", "scratch", "nextDraw", "status"] == .string("ANNOUNCED"))
        #expect(json[path: "data", "scratch", "lastDraw"] == .null)
        #expect(json[path: "data", "postponed", "status"] == .string("POSTPONED"))
    }

    @Test("Long-as-string mode sends every Long as a decimal string")
    func longAsString() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(longAsString: true))
        defer { server.stop() }
        let json = try await TestSupport.graphQL(
            server,
            "{ game(id: \"max\") { ticketPrice superPrize drawsCount numbersCount "
                + "lastDraw { number winningNumbers } } }"
        ).json()
        let game = try #require(json[path: "data", "game"])
        #expect(game["ticketPrice"] == .string("9223372036854775807"))
        #expect(game["superPrize"] == .string("5"))
        #expect(game["drawsCount"] == .string("9223372036854775807"))
        #expect(game["numbersCount"] == .int(10))
        #expect(game[path: "lastDraw", "number"] == .string("9007199254740993"))
        #expect(game[path: "lastDraw", "winningNumbers", 0] == .int(1))
    }

    @Test(
        "Request errors: 400 with application/graphql-response+json, 200 with application/json, errors only",
        arguments: [
            ("{ game(id: \"6x45\") { id ", "Syntax Error"),
            ("{ game(id: \"6x45\") { x } }", "Cannot query field 'x' on type 'Game'."),
            ("{ game(id: \"6x45\", extra: 1) { id } }", "Unknown argument 'extra' on field 'Query.game'."),
            ("{ game { id } }", "Argument 'Query.game(id:)' of type 'ID!' is required"),
            ("{ game(id: \"6x45\") }", "must have a selection of subfields"),
            ("query A { __typename } query B { __typename }", "Must provide operation name"),
            ("{ draw(gameId: \"6x45\", number: 9223372036854775808) { id } }", "outside the 64-bit signed range"),
            ("{ games(type: BINGO) { id } }", "Value 'BINGO' does not exist in 'GameType' enum."),
            ("{ ...Missing }", "Unknown fragment 'Missing'."),
            (
                "query Q($id: ID!) { game(id: $id) { id } }",
                "Variable \"$id\" of required type \"ID!\" was not provided."
            ),
            ("subscription { __typename }", "Anonymous Subscription must not select an introspection top level field."),
            (
                "subscription { drawUpdated(gameId: \"6x45\") { id } }",
                "Subscriptions are served as streams: send the request with `Accept: text/event-stream`"
            ),
        ])
    func requestErrors(query: String, expected: String) async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        for accept in [TestSupport.graphQLAccept, "application/json"] {
            let response = try await TestSupport.graphQL(server, query, accept: accept)
            let strict = accept == TestSupport.graphQLAccept
            #expect(response.status == (strict ? 400 : 200))
            #expect(
                response.contentType.hasPrefix(strict ? "application/graphql-response+json" : "application/json"))
            let json = try response.json()
            #expect(json["data"] == nil)
            let message = try #require(json[path: "errors", 0, "message"]?.stringValue)
            #expect(message.contains(expected), "\(message)")
        }
    }

    @Test("A syntax error carries its location")
    func syntaxErrorLocation() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let json = try await TestSupport.graphQL(server, "{\n  game(id: \"6x45\") {\n    id\n").json()
        #expect(json[path: "errors", 0, "message"] == .string("Syntax Error: Expected Name, found <EOF>."))
        #expect(json[path: "errors", 0, "locations"] == .array([.object([("line", .int(4)), ("column", .int(1))])]))
    }

    @Test("Variable coercion: ID from an integer, Long from a number or a decimal string, bad values rejected")
    func variableCoercion() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let query = "query D($g: ID!, $n: Long!) { draw(gameId: $g, number: $n) { id } }"
        let big = try await TestSupport.graphQL(
            server, query, variables: .object([("g", .string("max")), ("n", .number("9007199254740993"))])
        ).json()
        #expect(big[path: "data", "draw", "id"] == .string("max-9007199254740993"))
        let fromString = try await TestSupport.graphQL(
            server, query, variables: .object([("g", .string("max")), ("n", .string("9007199254740993"))])
        ).json()
        #expect(fromString[path: "data", "draw", "id"] == .string("max-9007199254740993"))
        let numericID = try await TestSupport.graphQL(
            server, "query I($id: ID!) { game(id: $id) { id } }", variables: .object([("id", .int(6))])
        ).json()
        #expect(numericID[path: "data", "game"] == .null)
        #expect(numericID["errors"] == nil)
        for bad: JSONValue in [.string("12.5"), .number("1.5"), .bool(true), .number("9223372036854775808")] {
            let response = try await TestSupport.graphQL(
                server, query, variables: .object([("g", .string("6x45")), ("n", bad)]))
            #expect(response.status == 400)
            #expect(
                try response.json()[path: "errors", 0, "message"]?.stringValue?.hasPrefix("Variable \"$n\"") == true)
        }
        let badInt = try await TestSupport.graphQL(
            server, "query ($l: Int) { draws(gameId: \"6x45\", last: $l) { id } }",
            variables: .object([("l", .number("2147483648"))]))
        #expect(badInt.status == 400)
    }

    @Test("operationName picks the operation; an unknown one is a request error")
    func operationName() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        let document = "query A { image(id: \"logo-6x45\") { id } } query B { game(id: \"old\") { isActive } }"
        let chosen = try await TestSupport.graphQL(server, document, operationName: "B").json()
        #expect(chosen["data"] == .object([("game", .object([("isActive", .bool(false))]))]))
        let unknown = try await TestSupport.graphQL(server, document, operationName: "C")
        #expect(unknown.status == 400)
        #expect(try unknown.json()[path: "errors", 0, "message"] == .string("Unknown operation named \"C\"."))
    }

    @Test("Transport errors: PUT is 405, a GET without a query 400, a non-JSON body 400, a wrong Content-Type 415")
    func transportErrors() async throws {
        let server = try TestSupport.startServer()
        defer { server.stop() }
        var get = URLRequest(url: server.graphQLURL)
        get.setValue(TestSupport.graphQLAccept, forHTTPHeaderField: "Accept")
        let getResponse = try await TestSupport.send(get)
        #expect(getResponse.status == 400)
        #expect(try getResponse.json()[path: "errors", 0, "message"] == .string("the request has no query string"))
        var put = URLRequest(url: server.graphQLURL)
        put.httpMethod = "PUT"
        put.httpBody = Data("{\"query\":\"{__typename}\"}".utf8)
        let putResponse = try await TestSupport.send(put)
        #expect(putResponse.status == 405)
        #expect(putResponse.headers["allow"] == "GET, POST")
        #expect(try await TestSupport.postGraphQL(server, body: Data("nope".utf8)).status == 400)
        #expect(try await TestSupport.postGraphQL(server, body: Data("{}".utf8)).status == 400)
        #expect(try await TestSupport.postGraphQL(server, body: Data("[1]".utf8)).status == 400)
        #expect(
            try await TestSupport.postGraphQL(
                server, body: Data("{\"query\":\"{__typename}\",\"variables\":[]}".utf8)
            ).status == 400)
        let wrongType = try await TestSupport.postGraphQL(
            server, body: Data("{\"query\":\"{__typename}\"}".utf8), contentType: "text/plain")
        #expect(wrongType.status == 415)
        let plain = try await TestSupport.postGraphQL(
            server, body: Data("{\"query\":\"{__typename}\"}".utf8), accept: "application/json")
        #expect(plain.status == 200)
        #expect(try plain.json() == .object([("data", .object([("__typename", .string("Query"))]))]))
    }

    @Test("A required token: 401 with an errors body without it, 200 with it")
    func token() async throws {
        let server = try TestSupport.startServer(EmbeddedBackendOptions(token: "t0k"))
        defer { server.stop() }
        let denied = try await TestSupport.graphQL(server, "{ __typename }")
        #expect(denied.status == 401)
        #expect(try denied.json()[path: "errors", 0, "message"]?.stringValue?.isEmpty == false)
        let allowed = try await TestSupport.graphQL(server, "{ __typename }", token: "t0k")
        #expect(allowed.status == 200)
        #expect(try allowed.json()[path: "data", "__typename"] == .string("Query"))
    }
}
