import Foundation
import GraphQLServer
import Testing

@testable import LotteryBackend

/// The executor's validation and execution rules, run directly on ``GraphQLService`` (no HTTP).
@Suite("GraphQL validation and execution")
struct GraphQLValidationTests {
    static func service(_ dataSet: LotteryDataSet? = nil) throws -> GraphQLService {
        GraphQLService(dataSet: try dataSet ?? TestSupport.smallDataSet(), longAsString: false)
    }

    static func messages(_ outcome: GraphQLOutcome) -> [String] {
        outcome.body["errors"]?.elements.compactMap { $0["message"]?.stringValue } ?? []
    }

    @Test(
        "Invalid documents are request errors with graphql-core's messages (as the reference backend sends them)",
        arguments: [
            (
                "fragment A on Query { ...B } fragment B on Query { ...A } { ...A }",
                ["Cannot spread fragment 'A' within itself via 'B'."]
            ),
            ("fragment A on Query { ...A } { ...A }", ["Cannot spread fragment 'A' within itself."]),
            ("fragment F on Query { __typename } { __typename }", ["Fragment 'F' is never used."]),
            ("query Q($v: Int) { __typename }", ["Variable '$v' is never used in operation 'Q'."]),
            ("query Q { game(id: $id) { id } }", ["Variable '$id' is not defined by operation 'Q'."]),
            (
                "query Q($id: Int) { game(id: $id) { id } }",
                ["Variable '$id' of type 'Int' used in position expecting type 'ID!'."]
            ),
            ("query Q { __typename } query Q { __typename }", ["There can be only one operation named 'Q'."]),
            ("query Q { __typename } { __typename }", ["This anonymous operation must be the only defined operation."]),
            ("{ __typename @nope }", ["Unknown directive '@nope'."]),
            ("query @skip(if: true) { __typename }", ["Directive '@skip' may not be used on query."]),
            (
                "{ __typename @skip(if: true) @skip(if: false) }",
                ["The directive '@skip' can only be used once at this location."]
            ),
            (
                "{ __typename @skip }",
                ["Argument '@skip(if:)' of type 'Boolean!' is required, but it was not provided."]
            ),
            ("{ game(id: \"a\", id: \"b\") { id } }", ["There can be only one argument named 'id'."]),
            (
                "{ g: game(id: \"a\") { id } g: image(id: \"a\") { id } }",
                [
                    "Fields 'g' conflict because 'game' and 'image' are different fields."
                        + " Use different aliases on the fields to fetch both if this was intentional."
                ]
            ),
            (
                "{ game(id: \"a\") { x: id } game(id: \"a\") { x: name } }",
                [
                    "Fields 'game' conflict because subfields 'x' conflict because 'id' and 'name' are different "
                        + "fields. Use different aliases on the fields to fetch both if this was intentional."
                ]
            ),
            ("type Foo { a: Int } { __typename }", ["The 'Foo' definition is not executable."]),
            (
                "{ __typename { x } }",
                ["Field '__typename' must not have a selection since type 'String!' has no subfields."]
            ),
            ("{ ... on Nope { __typename } }", ["Unknown type 'Nope'."]),
            (
                "fragment F on Int { __typename } { ...F }",
                ["Fragment 'F' cannot condition on non composite type 'Int'."]
            ),
            (
                "query ($g: Game) { __typename }",
                ["Variable '$g' is never used.", "Variable '$g' cannot be non-input type 'Game'."]
            ),
            (
                "query ($n: Int = \"x\") { draws(gameId: \"a\", last: $n) { id } }",
                ["Int cannot represent non-integer value: \"x\""]
            ),
            ("{ game(id: null) { id } }", ["Expected value of non-null type 'ID!' not to be None."]),
            ("{ game(id: 1.5) { id } }", ["ID cannot represent a non-string and non-integer value: 1.5"]),
            (
                "{ draws(gameId: \"a\", last: 3000000000) { id } }",
                ["Int cannot represent non 32-bit signed integer value: 3000000000"]
            ),
            (
                "{ game(id: \"a\") { ...D } } fragment D on Draw { id }",
                ["Fragment 'D' cannot be spread here as objects of type 'Game' can never be of type 'Draw'."]
            ),
            (
                "subscription { __typename }",
                ["Anonymous Subscription must not select an introspection top level field."]
            ),
            (
                "subscription S { drawUpdated(gameId: \"6x45\") { id } game(id: \"x\") }",
                [
                    "Subscription 'S' must select only one top level field.",
                    "Cannot query field 'game' on type 'Subscription'.",
                ]
            ),
            (
                "{ game(id: \"6x45\") { x } draw(gameId: \"6x45\", number: 1.5) { id } y }",
                [
                    "Cannot query field 'x' on type 'Game'.",
                    "Long cannot represent a literal that is not an integer or a decimal string.",
                    "Cannot query field 'y' on type 'Query'.",
                ]
            ),
        ] as [(String, [String])])
    func invalid(query: String, expected: [String]) throws {
        let outcome = try GraphQLValidationTests.service().run(query: query, operationName: nil, variables: nil)
        #expect(outcome.isRequestError)
        #expect(outcome.body["data"] == nil)
        #expect(GraphQLValidationTests.messages(outcome) == expected)
    }

    @Test("A validation error's locations are the diagnostic's, in graphql-core's order")
    func validationLocations() throws {
        let outcome = try GraphQLValidationTests.service().run(
            query: "query Q {\n  game(id: $id) { id }\n}", operationName: nil, variables: nil)
        #expect(
            outcome.body[path: "errors", 0, "locations"]
                == .array([
                    .object([("line", .int(2)), ("column", .int(12))]),
                    .object([("line", .int(1)), ("column", .int(1))]),
                ]))
    }

    @Test("Custom scalar literals are validated as the reference backend's Long parser does")
    func longLiterals() throws {
        let service = try GraphQLValidationTests.service()
        let cases: [(String, String)] = [
            (
                "{ draw(gameId: \"6x45\", number: 9223372036854775808) { id } }",
                "Long cannot represent 9223372036854775808: outside the 64-bit signed range."
            ),
            (
                "{ draw(gameId: \"6x45\", number: 1.5) { id } }",
                "Long cannot represent a literal that is not an integer or a decimal string."
            ),
            (
                "query ($n: Long = 1.5) { draw(gameId: \"6x45\", number: $n) { id } }",
                "Long cannot represent a literal that is not an integer or a decimal string."
            ),
        ]
        for (query, message) in cases {
            let outcome = service.run(query: query, operationName: nil, variables: nil)
            #expect(outcome.isRequestError)
            #expect(GraphQLValidationTests.messages(outcome) == [message], "\(query)")
        }
        let valid = service.run(
            query: "{ draw(gameId: \"6x45\", number: \"12345\") { number } }", operationName: nil, variables: nil)
        #expect(!valid.isRequestError)
    }

    @Test("Valid documents run: repeated fields merge, fragments nest, variables with defaults apply")
    func valid() throws {
        let query = """
            query Q($g: ID = "6x45", $last: Int = 2, $skip: Boolean = false) {
              game(id: $g) { id ...G }
              game(id: $g) { name lastDraw { number } }
              draws(gameId: $g, last: $last) { number }
              x: __typename @skip(if: $skip)
            }
            fragment G on Game { lastDraw { id } ...H }
            fragment H on Game { name }
            """
        let outcome = try GraphQLValidationTests.service().run(query: query, operationName: "Q", variables: nil)
        #expect(!outcome.isRequestError)
        #expect(
            outcome.body["data"]
                == .object([
                    (
                        "game",
                        .object([
                            ("id", .string("6x45")),
                            ("lastDraw", .object([("id", .string("6x45-12345")), ("number", .int(12_345))])),
                            ("name", .string("Gosloto 6 of 45")),
                        ])
                    ),
                    ("draws", .array([.object([("number", .int(12_346))]), .object([("number", .int(12_345))])])),
                    ("x", .string("Query")),
                ]))
    }

    @Test("An explicit null variable for a nullable argument with a default is passed as null (activeOnly: all games)")
    func explicitNull() throws {
        let outcome = try GraphQLValidationTests.service().run(
            query: "query ($a: Boolean) { games(activeOnly: $a) { id } }", operationName: nil,
            variables: [("a", .null)])
        // The reference backend treats a null activeOnly like the default (active games only).
        #expect(outcome.body[path: "data", "games"]?.elements.count == 3)
    }

    @Test("A value that breaks its type is a field error; null propagates to the nearest nullable parent")
    func nullPropagation() throws {
        let images = [DataSetImage(id: "i", url: "u", width: 1, height: 1)]
        let huge = DataSetGame(
            id: "huge", name: "Huge", type: "LOTTO", typeCode: 1, isActive: true, ticketPrice: 1, currency: "RUB",
            superPrize: nil, numbersCount: 3_000_000_000, numbersRange: 1, bonusRange: nil, logo: "i", nextDraw: nil,
            lastDraw: nil, drawsCount: 0, rulesUrl: nil)
        let service = try GraphQLValidationTests.service(LotteryDataSet(images: images, games: [huge], draws: []))
        let single = service.run(
            query: "{ image(id: \"i\") { id } game(id: \"huge\") { id logo { id } numbersCount } }", operationName: nil,
            variables: nil)
        #expect(!single.isRequestError)
        #expect(single.body[path: "data", "image", "id"] == .string("i"))
        #expect(single.body[path: "data", "game"] == .null)
        #expect(single.body[path: "errors", 0, "path"] == .array([.string("game"), .string("numbersCount")]))
        #expect(
            single.body[path: "errors", 0, "message"]
                == .string("Int cannot represent non 32-bit signed integer value: 3000000000"))
        // In [Game!]! the null reaches `games`, which is non-null too: `data` becomes null.
        let list = service.run(query: "{ games { id numbersCount } }", operationName: nil, variables: nil)
        #expect(list.body["data"] == .null)
        #expect(list.body[path: "errors", 0, "path"] == .array([.string("games"), .int(0), .string("numbersCount")]))
    }

    @Test("Hostile documents are request errors, not crashes: a long fragment chain, deep nesting, many tokens")
    func hostileDocuments() throws {
        let service = try GraphQLValidationTests.service()
        let count = 2_000
        var chain = "{ ...F0 }\n"
        for index in 0..<count {
            chain += "fragment F\(index) on Query { " + (index + 1 < count ? "...F\(index + 1)" : "__typename") + " }\n"
        }
        let chained = service.run(query: chain, operationName: nil, variables: nil)
        #expect(chained.isRequestError)
        #expect(GraphQLValidationTests.messages(chained).first?.contains("nested too deeply") == true)

        let deep =
            "{ " + String(repeating: "game(id: \"6x45\") { lastDraw { ", count: 150) + "id"
            + String(repeating: " } }", count: 150) + " }"
        let nested = service.run(query: deep, operationName: nil, variables: nil)
        #expect(nested.isRequestError)

        let wide = "{ " + (0..<12_000).map { "a\($0): __typename" }.joined(separator: " ") + " }"
        let tokens = service.run(query: wide, operationName: nil, variables: nil)
        #expect(tokens.isRequestError)

        let many = "{ " + (0..<2_000).map { "a\($0): __typename" }.joined(separator: " ") + " }"
        let allowed = service.run(query: many, operationName: nil, variables: nil)
        #expect(!allowed.isRequestError)
        #expect(allowed.body[path: "data", "a1999"] == .string("Query"))
    }
}
