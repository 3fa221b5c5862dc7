import Foundation
import LegacyModels
import LotteryBackend
import LotteryTestSupport
import Testing

/// `lottery compare --check-writes`, through the real command: a favourite set through each API, read back
/// through both and restored, in the text and JSON reports and the exit status.
@Suite("lottery compare --check-writes", .serialized)
struct CheckWritesTests {
    private func arguments(_ backend: ReferenceBackend, _ more: [String]) -> [String] {
        ["compare", "--rest-url", backend.restURL.absoluteString, "--graphql-url", backend.graphQLURL.absoluteString]
            + more
    }

    @Test("Embedded backend: both write checks pass, exit 0; without the flag there is no writeChecks member")
    func embedded() async throws {
        let run = await runCommand(["compare", "--models", "GameInfo", "--check-writes", "--format", "json", "--quiet"])
        #expect(run.status == 0, "stderr: \(run.standardError)\n\(run.standardOutput.suffix(1500))")
        let checks = try run.jsonReport().array("writeChecks")
        #expect(checks.compactMap { $0["api"] as? String } == ["rest", "graphql"])
        for check in checks {
            #expect(check["passed"] as? Bool == true, "\(check)")
            #expect(check["restored"] as? Bool == true)
            #expect(check["favorite"] as? Bool == true, "the game was not a favourite, so true was written")
            #expect(check["answer"] as? Bool == true && check["rest"] as? Bool == true)
            #expect(check["graphql"] as? Bool == true)
            #expect(check["error"] == nil)
            #expect(check["previous"] as? Bool == false)
            #expect(check["restoredRest"] as? Bool == false && check["restoredGraphql"] as? Bool == false)
        }
        let plain = await runCommand(["compare", "--models", "ImageInfo", "--format", "json", "--quiet"])
        #expect(try plain.jsonReport()["writeChecks"] == nil)
    }

    @Test("Reference backend: the previous state is restored, per token; the text report lists the checks")
    func restoresState() async throws {
        var options = ReferenceBackendOptions(token: "alice")
        options.additionalArguments = ["--token", "bob"]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        let alice = LegacyAPIClient(baseURL: backend.restURL, token: "alice")
        let bob = LegacyAPIClient(baseURL: backend.restURL, token: "bob")
        let first = try #require(try await alice.games(activeOnly: false).first?.id)
        _ = try await alice.setFavorite(gameId: first, favorite: true)

        let run = await runCommand(
            arguments(backend, ["--token", "alice", "--check-writes", "--format", "json", "--quiet"]))
        #expect(run.status == 0, "\(run.standardError)\n\(run.standardOutput.suffix(1500))")
        let checks = try run.jsonReport().array("writeChecks")
        #expect(checks.count == 2)
        #expect(checks.allSatisfy { $0["game"] as? String == first })
        #expect(checks.allSatisfy { $0["favorite"] as? Bool == false }, "it was a favourite: false was written")
        #expect(checks.allSatisfy { $0["passed"] as? Bool == true }, "\(checks)")
        #expect(try await alice.game(id: first).isFavorite, "alice's favourite is back")
        #expect(try await bob.game(id: first).isFavorite == false, "bob's favourites were never touched")

        let text = await runCommand(arguments(backend, ["--token", "bob", "--check-writes", "--quiet"]))
        #expect(text.status == 0, "\(text.standardOutput)")
        #expect(text.standardOutput.contains("Write checks (2 of 2 passed):"))
        #expect(text.standardOutput.contains("through REST"))
        #expect(text.standardOutput.contains("through GraphQL"))
        #expect(text.standardOutput.contains("all 2 write checks passed"))
        #expect(try await bob.game(id: first).isFavorite == false)
        #expect(try await alice.game(id: first).isFavorite)
    }

    @Test("Writes that fail (--fail-mutations): the checks fail with the reason, exit 2, text says FAIL")
    func failingWrites() async throws {
        var options = ReferenceBackendOptions()
        options.additionalArguments = ["--fail-mutations"]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        let run = await runCommand(
            arguments(backend, ["--models", "GameInfo", "--check-writes", "--format", "json", "--quiet"]))
        #expect(run.status == 2, "\(run.standardError)")
        let report = try run.jsonReport()
        #expect(report.int("summary", "mismatched") == 0 && report.int("summary", "failed") == 0, "reads all match")
        let checks = report.array("writeChecks")
        #expect(checks.count == 2)
        for check in checks {
            #expect(check["passed"] as? Bool == false)
            #expect(check["answer"] == nil, "no answer from a failed write")
            #expect(check["restored"] as? Bool == true, "nothing changed, so the previous state is still there")
            #expect(check["previous"] as? Bool == false && check["restoredGraphql"] as? Bool == false)
            #expect((check["error"] as? String)?.contains("failed") == true, "\(check)")
        }
        let text = await runCommand(arguments(backend, ["--models", "GameInfo", "--check-writes", "--quiet"]))
        #expect(text.status == 2)
        #expect(text.standardOutput.contains("FAIL set favourite"))
        #expect(text.standardOutput.contains("but 2 write checks failed"))
    }

    @Test(
        "REST and GraphQL on two servers that do not share favourites: isFavorite differs, the write checks fail, exit 1"
    )
    func unsharedState() async throws {
        let restSide = try EmbeddedLotteryServer.start()
        defer { restSide.stop() }
        let graphQLSide = try EmbeddedLotteryServer.start()
        defer { graphQLSide.stop() }
        let first = try #require(
            try await LegacyAPIClient(baseURL: restSide.restURL).games(activeOnly: false).first?.id)
        _ = try await LegacyAPIClient(baseURL: restSide.restURL).setFavorite(gameId: first, favorite: true)
        let base = [
            "compare", "--rest-url", restSide.restURL.absoluteString, "--graphql-url",
            graphQLSide.graphQLURL.absoluteString, "--models", "GameInfo", "--format", "json", "--quiet",
        ]

        let compared = await runCommand(base)
        #expect(compared.status == 1, "\(compared.standardError)")
        let fields = try compared.jsonReport().array("mismatches").map {
            "\($0["id"] as? String ?? "") \($0["field"] as? String ?? "")"
        }
        #expect(fields.contains("\(first) isFavorite"), "\(fields)")

        let checked = await runCommand(base + ["--check-writes"])
        #expect(checked.status == 1, "read back wrong, but every request worked: \(checked.standardError)")
        let checks = try checked.jsonReport().array("writeChecks")
        #expect(checks.count == 2)
        #expect(checks.allSatisfy { $0["passed"] as? Bool == false && $0["error"] == nil }, "\(checks)")
        #expect(checks.allSatisfy { $0["restored"] as? Bool == true }, "each API shows what it showed before")
        let viaREST = try #require(checks.first)
        #expect(viaREST["previous"] as? Bool == true && viaREST["favorite"] as? Bool == false)
        #expect(viaREST["rest"] as? Bool == false && viaREST["graphql"] as? Bool == false)
        #expect(viaREST["restoredRest"] as? Bool == true)
        #expect(viaREST["restoredGraphql"] as? Bool == false, "GraphQL's server never saw REST's writes")
        let viaGraphQL = try #require(checks.last)
        #expect(viaGraphQL["previous"] as? Bool == false && viaGraphQL["rest"] as? Bool == true)
        #expect(try await LegacyAPIClient(baseURL: restSide.restURL).game(id: first).isFavorite, "restored")
    }
}
