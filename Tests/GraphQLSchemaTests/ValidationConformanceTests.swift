import Foundation
import GraphQLParser
import GraphQLSchema
import Testing

/// The Validator against graphql-core 3.3.2 itself: every document of Fixtures/validation-corpus.graphql must
/// get graphql-core's verdict, and the same errors (messages and locations), as recorded by
/// make_validation_expectations.py in Fixtures/validation-expectations.json.
///
/// KNOWN DIFFERENCES (documents whose errors differ from graphql-core's; the verdict still agrees; see
/// `knownDifferences`, which the test keeps true: it fails when a listed document starts to agree):
///
/// - A list or input object literal given where a scalar or enum is expected (`enumArg: [BROWN]`,
///   `intArg: { a: 1 }`): same message, but graphql-core reports it without a location, because its
///   `replace_variables` copies list and object nodes without their locations before the leaf type sees them.
///   The Validator reports the literal's line and column, since every diagnostic must say where the problem is.
@Suite("Validator conformance with graphql-core")
struct ValidationConformanceTests {
    /// Documents whose exact errors are allowed to differ from graphql-core's, with why.
    static let knownDifferences: [String: String] = [
        "values-lists": "`[[\"nested\"]]` for `[String]`: graphql-core gives the inner list no location",
        "values-composite-to-leaf": "lists and objects for leaf types: graphql-core gives them no location",
    ]

    struct Outcome {
        let id: String
        let expected: [ExpectedError]
        let actual: [ExpectedError]
        var verdictAgrees: Bool { expected.isEmpty == actual.isEmpty }
        var errorsAgree: Bool { expected.sorted() == actual.sorted() }
        var orderAgrees: Bool { expected == actual }
    }

    static func outcomes() throws -> [Outcome] {
        let expectations = try Fixtures.decode(Expectations.Validation.self, "validation-expectations.json")
        let corpus = Corpus(try Fixtures.text("validation-corpus.graphql"))
        var schemas: [String: Schema] = [:]
        var outcomes: [Outcome] = []
        #expect(corpus.entries.count == expectations.documents.count, "regenerate the expectations")
        for (entry, expected) in zip(corpus.entries, expectations.documents) {
            #expect(entry.id == expected.id)
            let schemaName = entry.schema ?? ""
            if schemas[schemaName] == nil { schemas[schemaName] = try Fixtures.schema(schemaName) }
            let schema = try #require(schemas[schemaName])
            let actual: [ExpectedError]
            do {
                let document = try Parser.parse(Source(entry.text, name: entry.id))
                actual = Validator.validate(document, schema: schema).map(ExpectedError.init)
            } catch {
                actual = [ExpectedError(error.diagnostic)]
            }
            let expectedErrors = expected.syntaxError.map { [$0] } ?? expected.errors ?? []
            outcomes.append(Outcome(id: entry.id, expected: expectedErrors, actual: actual))
        }
        return outcomes
    }

    @Test("the corpus is large and mixed")
    func corpusSize() throws {
        let outcomes = try Self.outcomes()
        #expect(outcomes.count >= 120)
        #expect(outcomes.filter { $0.expected.isEmpty }.count >= 20)
        #expect(outcomes.filter { !$0.expected.isEmpty }.count >= 90)
    }

    @Test("verdicts and errors agree with graphql-core")
    func agreement() throws {
        let outcomes = try Self.outcomes()
        for outcome in outcomes {
            #expect(
                outcome.verdictAgrees, "\(outcome.id): graphql-core \(outcome.expected), Validator \(outcome.actual)")
            if Self.knownDifferences[outcome.id] != nil {
                #expect(!outcome.errorsAgree, "\(outcome.id) agrees now: remove it from knownDifferences")
                continue
            }
            let missing = outcome.expected.filter { !outcome.actual.contains($0) }
            let extra = outcome.actual.filter { !outcome.expected.contains($0) }
            #expect(
                outcome.errorsAgree,
                "\(outcome.id):\n  missing \(missing.map(\.description))\n  extra \(extra.map(\.description))")
        }
        let verdicts = outcomes.filter(\.verdictAgrees).count
        let exact = outcomes.filter(\.errorsAgree).count
        let ordered = outcomes.filter(\.orderAgrees).count
        print(
            "Validator vs graphql-core: \(outcomes.count) documents, verdict agrees on \(verdicts), errors "
                + "(messages and locations) on \(exact), also in the same order on \(ordered)")
    }
}
