import Foundation
import GraphQLBridgeSupport
import GraphQLComparison
import GraphQLMigration
import Testing

/// `--check-writes` with a write that creates something (issue 30, papercut 4): the entity created through each
/// API is read back through both by the id that API generated and deleted again; a create the plan cannot delete is
/// not run, and the report says why.
@Suite("--check-writes with creates")
struct CreateCheckTests {
    /// A booking as both APIs show it (what the app writes; the id is the server's).
    struct Booking: Equatable, Sendable, Encodable {
        var film: String
        var seats: Int
    }

    /// A cinema's bookings behind both APIs. With `unshared`, GraphQL has its own table: it never sees REST's
    /// bookings nor REST GraphQL's (a planted defect).
    final class Cinema: Sendable {
        private let tables: Locked<[ComparisonAPI: [String: Booking]]>
        private let counter = Locked(0)
        let unshared: Bool
        let deletes: Bool

        init(unshared: Bool = false, deletes: Bool = true) {
            self.unshared = unshared
            self.deletes = deletes
            tables = Locked([.rest: ["k1": Booking(film: "Alien", seats: 2)], .graphql: [:]])
            if unshared { tables.withLock { $0[.graphql] = $0[.rest] } }
        }

        private func table(_ api: ComparisonAPI) -> ComparisonAPI { unshared ? api : .rest }

        var count: Int { tables.withLock { $0.values.map(\.count).reduce(0, +) } }

        func create(_ api: ComparisonAPI, _ booking: Booking) -> (key: String, state: Booking) {
            let id = counter.withLock { count in
                count += 1
                return "\(api == .rest ? "r" : "g")\(count)"
            }
            tables.withLock { $0[table(api), default: [:]][id] = booking }
            return (id, booking)
        }

        func read(_ api: ComparisonAPI, _ id: String) -> Booking? { tables.withLock { $0[table(api)]?[id] } }

        func delete(_ api: ComparisonAPI, _ id: String) {
            _ = tables.withLock { $0[table(api)]?.removeValue(forKey: id) }
        }

        func plan() -> ComparisonPlan {
            var plan = ComparisonPlan()
            plan.model(
                "Booking", ids: { ["k1"] }, rest: { id in self.read(.rest, id) },
                graphQL: { id in self.read(.graphql, id) })
            var delete: (@Sendable (ComparisonAPI, String) async throws -> Void)?
            if deletes {
                delete = { @Sendable api, id in self.delete(api, id) }
            }
            plan.create(
                "booking", model: "Booking", value: Booking(film: "Heat", seats: 3),
                create: { api, booking in self.create(api, booking) }, read: { api, id in self.read(api, id) },
                delete: delete, targetKey: "booking", valueKey: "seats")
            return plan
        }
    }

    @Test("A create through each API is read back through both by the id it answered with, then deleted; exit 0")
    func createChecked() async throws {
        let cinema = Cinema()
        let run = await ComparisonRun.main(cinema.plan(), ["--format", "json", "--quiet", "--check-writes"])
        #expect(run.status == 0, "\(run.standardOutput.suffix(1500))")
        let checks = try run.json().objects("writeChecks")
        #expect(checks.compactMap { $0["api"] as? String } == ["rest", "graphql"])
        #expect(checks.compactMap { $0["booking"] as? String } == ["r1", "g2"], "the ids each API generated")
        for check in checks {
            #expect(check["create"] as? Bool == true && check["passed"] as? Bool == true, "\(check)")
            #expect(
                check["previous"] is NSNull && check["restoredRest"] is NSNull && check["restoredGraphql"] is NSNull)
            #expect((check["rest"] as? [String: Any])?["seats"] as? Int == 3)
            #expect((check["graphql"] as? [String: Any])?["film"] as? String == "Heat")
        }
        #expect(cinema.count == 1, "what the checks created is gone; the seeded booking stays")

        let text = await ComparisonRun.main(Cinema().plan(), ["--quiet", "--check-writes"])
        #expect(text.standardOutput.contains("ok   create booking"), "\(text.standardOutput)")
    }

    @Test("GraphQL never sees REST's creates: read back absent, a mismatch, exit 1; still deleted")
    func unshared() async throws {
        let cinema = Cinema(unshared: true)
        let run = await ComparisonRun.main(cinema.plan(), ["--quiet", "--check-writes"])
        #expect(run.status == 1, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("FAIL create booking"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("GraphQL absent"), "\(run.standardOutput)")
        #expect(cinema.count == 2, "only the two seeded bookings are left")
    }

    @Test("A create the plan cannot delete is not run: nothing created, the notes say why, exit 0")
    func noDelete() async throws {
        let cinema = Cinema(deletes: false)
        let run = await ComparisonRun.main(cinema.plan(), ["--format", "json", "--quiet", "--check-writes"])
        #expect(run.status == 0, "\(run.standardOutput)")
        let report = try run.json()
        #expect(report.objects("writeChecks").isEmpty)
        let notes = report["notes"] as? [String] ?? []
        #expect(
            notes.contains {
                $0.contains("the create \"booking\" of Booking was not checked: the plan gives no delete")
            },
            "\(notes)")
        #expect(cinema.count == 1, "nothing created")
    }
}
