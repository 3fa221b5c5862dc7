import Foundation
import LegacyModels
import LotteryTestSupport
import Testing

/// `graphql-bridge compare --check-writes`, through the real command: a favourite set through each API, read back
/// through both and restored, in the text and JSON reports and the exit status.
@Suite("graphql-bridge compare --check-writes", .serialized)
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
            #expect((check["error"] as? String)?.contains("failed") == true, "\(check)")
        }
        let text = await runCommand(arguments(backend, ["--models", "GameInfo", "--check-writes", "--quiet"]))
        #expect(text.status == 2)
        #expect(text.standardOutput.contains("FAIL set favourite"))
        #expect(text.standardOutput.contains("but 2 write checks failed"))
    }
}
