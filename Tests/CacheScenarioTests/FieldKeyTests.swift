import CacheScenarioAPI
import Foundation
import GraphQLBridge
import Testing

/// A field's key in the cache is what the server executed it with: the variables as coerced (a variable's default
/// when it was left out) and the arguments as coerced (an argument's schema default when it was left out, or when
/// its variable was). Two operations that make the server answer differently never share a key; each test counts the
/// requests that reach graphql-core.
@Suite("Field keys: defaults, aliases and directives", .serialized)
struct FieldKeyTests {
    @Test("A variable's default and an argument's schema default are part of the key (row 1)")
    func variableAndSchemaDefaults() async throws {
        try await ScenarioSetup.run { setup in
            let plain = try await setup.client.execute(DrawsPlainQuery(gameId: "g1"), fetchPolicy: .serverOnly)
            #expect(plain.data?.draws.count == 10, "the schema default `last: Int = 10`")
            let two = try await setup.client.execute(DrawsTwoQuery(gameId: "g1"))
            #expect(two.source == .server, "`$last: Int = 2` is another field than the schema default's")
            #expect(two.data?.draws.count == 2)
            #expect(setup.counter.count("DrawsTwo") == 1)

            // The same values spelled another way share the key: no request.
            let ten = try await setup.client.execute(DrawsLastQuery(gameId: "g1", last: 10))
            #expect(ten.source == .cache)
            #expect(ten.data?.draws.map(\.number) == plain.data?.draws.map(\.number))
            let left = try await setup.client.execute(DrawsLastQuery(gameId: "g1"))
            #expect(left.source == .cache, "a variable left out with no default: the schema default applies")
            let twoAgain = try await setup.client.execute(DrawsLastQuery(gameId: "g1", last: 2))
            #expect(twoAgain.source == .cache && twoAgain.data?.draws.count == 2)
            #expect(setup.counter.count("DrawsLast") == 0)

            // An explicit null is a value, not the default.
            let none = try await setup.client.execute(DrawsLastQuery(gameId: "g1", last: .null))
            #expect(none.source == .server && none.data?.draws.isEmpty == true)
            let cachedPlain = try await setup.client.execute(DrawsPlainQuery(gameId: "g1"), fetchPolicy: .cacheOnly)
            #expect(cachedPlain.data?.draws.count == 10)
        }
    }

    @Test("Aliases of one field with different arguments are kept apart")
    func aliasesWithArguments() async throws {
        try await ScenarioSetup.run { setup in
            let both = try await setup.client.execute(DrawsAliasedQuery(gameId: "g2"), fetchPolicy: .serverOnly)
            #expect(both.data?.two.count == 2 && both.data?.three.count == 3)
            let cached = try await setup.client.execute(DrawsAliasedQuery(gameId: "g2"), fetchPolicy: .cacheOnly)
            #expect(cached.data == both.data)
            let three = try await setup.client.execute(DrawsLastQuery(gameId: "g2", last: 3))
            #expect(three.source == .cache && three.data?.draws.count == 3)
        }
    }

    @Test("A defaulted variable counts in @include and @skip (row 2)")
    func directivesWithDefaults() async throws {
        try await ScenarioSetup.run { setup in
            let fetched = try await setup.client.execute(GameLogoQuery(id: "g1"), fetchPolicy: .serverOnly)
            #expect(fetched.data?.game?.logo?.url == "https://img/g1.png", "`$withLogo: Boolean = true` left out")
            let cached = try await setup.client.execute(GameLogoQuery(id: "g1"), fetchPolicy: .cacheOnly)
            #expect(cached.source == .cache)
            #expect(cached.data == fetched.data, "the logo was stored and is read back")
            let without = try await setup.client.execute(
                GameLogoQuery(id: "g1", withLogo: false), fetchPolicy: .cacheOnly)
            #expect(without.data?.game?.logo == nil && without.data?.game?.name == "Lotto")

            // `@skip(if: $withoutLogo)` with `$withoutLogo: Boolean = true`: skipped, so a cached game without its
            // logo answers; asked with the logo, the logo read from the cache is the one stored above.
            let skipped = try await setup.client.execute(GameNoLogoQuery(id: "g1"), fetchPolicy: .cacheOnly)
            #expect(skipped.data?.game?.logo == nil)
            let notSkipped = try await setup.client.execute(
                GameNoLogoQuery(id: "g1", withoutLogo: false), fetchPolicy: .cacheOnly)
            #expect(notSkipped.data?.game?.logo?.width == 64)
            #expect(setup.counter.count("GameNoLogo") == 0)
        }
    }

    @Test("Enum, list and input-object defaults: every set of arguments the server tells apart has its own key")
    func inputDefaults() async throws {
        try await ScenarioSetup.run { setup in
            // Each query's answer is the arguments graphql-core coerced: a cache hit must give the same text.
            let queries: [(String, @Sendable (GraphQLFetchPolicy) async throws -> String?)] = [
                ("EchoDefault", { try await setup.client.execute(EchoDefaultQuery(), fetchPolicy: $0).data?.echo }),
                ("EchoWindow", { try await setup.client.execute(EchoWindowQuery(), fetchPolicy: $0).data?.echo }),
                (
                    "EchoWindow {from: 5}",
                    {
                        try await setup.client.execute(
                            EchoWindowQuery(window: .some(Window(from: .some(5)))), fetchPolicy: $0
                        )
                        .data?.echo
                    }
                ),
                (
                    "EchoWindowDefault",
                    { try await setup.client.execute(EchoWindowDefaultQuery(), fetchPolicy: $0).data?.echo }
                ),
                ("EchoKind", { try await setup.client.execute(EchoKindQuery(), fetchPolicy: $0).data?.echo }),
                (
                    "EchoKind A",
                    { try await setup.client.execute(EchoKindQuery(kind: .some(.a)), fetchPolicy: $0).data?.echo }
                ),
                ("EchoKinds", { try await setup.client.execute(EchoKindsQuery(), fetchPolicy: $0).data?.echo }),
                (
                    "EchoKinds [B]",
                    { try await setup.client.execute(EchoKindsQuery(kinds: .some([.b])), fetchPolicy: $0).data?.echo }
                ),
                ("EchoLiteral", { try await setup.client.execute(EchoLiteralQuery(), fetchPolicy: $0).data?.echo }),
            ]
            var answers: [String: String] = [:]
            for (name, run) in queries {
                answers[name] = try await run(.preferCache)
            }
            // Read again, in reverse order, from the cache only: each must be its own server answer.
            for (name, run) in queries.reversed() {
                let cached = try await run(.cacheOnly)
                #expect(cached == answers[name], "\(name) read another query's answer")
            }
            #expect(answers["EchoDefault"] == #"{"kind":"B","kinds":["A","C"],"window":{"from":0,"size":3}}"#)
            #expect(answers["EchoWindowDefault"] == #"{"kind":"B","kinds":["A","C"],"window":{"from":5,"size":2}}"#)
            #expect(answers["EchoKind"]?.contains(#""kind":"C""#) == true)
        }
    }
}
