import GraphQLMigration

/// Runs one declared write check through REST, then through GraphQL (see ``ComparisonWriteCheck``).
struct WriteCheckRunner<Target: Sendable, State: Equatable & Sendable & Encodable>: Sendable {
    let name: String
    let model: String
    let target: @Sendable () async throws -> Target?
    let read: @Sendable (ComparisonAPI, Target) async throws -> State
    let write: @Sendable (ComparisonAPI, Target, State) async throws -> State
    let change: @Sendable (State) -> State
    let targetKey: String
    let valueKey: String

    func run() async -> [ComparisonWriteCheck] {
        let found: Target?
        var problem: String?
        do {
            found = try await target()
            if found == nil { problem = "no \(targetKey) to write: the plan's target gave none" }
        } catch {
            found = nil
            problem = "cannot find the \(targetKey) to write: \(error)"
        }
        guard let found else {
            return ComparisonAPI.allCases.map { api in
                ComparisonWriteCheck(
                    name: name, model: model, api: api, target: "", targetKey: targetKey, valueKey: valueKey,
                    previous: nil, written: nil, answer: nil, rest: nil, graphql: nil, restoredRest: nil,
                    restoredGraphql: nil, restored: false, passed: false, error: problem)
            }
        }
        var checks: [ComparisonWriteCheck] = []
        for api in ComparisonAPI.allCases {
            checks.append(await check(api, target: found))
        }
        return checks
    }

    private func check(_ api: ComparisonAPI, target: Target) async -> ComparisonWriteCheck {
        let targetText = String(describing: target)
        var problems: [String] = []
        let previous: State
        do {
            previous = try await read(api, target)
        } catch {
            return ComparisonWriteCheck(
                name: name, model: model, api: api, target: targetText, targetKey: targetKey, valueKey: valueKey,
                previous: nil, written: nil, answer: nil, rest: nil, graphql: nil, restoredRest: nil,
                restoredGraphql: nil, restored: false, passed: false,
                error: "reading \(targetKey) \(targetText) through \(api.displayName) before writing failed: \(error)")
        }
        let value = change(previous)
        var answer: State?
        do {
            answer = try await write(api, target, value)
        } catch {
            problems.append(
                "setting the \(name) to \(FieldDiff.render(value)) through \(api.displayName) failed: \(error)")
        }
        let afterWrite = await readBoth(target, into: &problems, after: "the write")
        do {
            _ = try await write(api, target, previous)
        } catch {
            problems.append(
                "restoring the \(name) to \(FieldDiff.render(previous)) through \(api.displayName) failed: \(error)")
            let other: ComparisonAPI = api == .rest ? .graphql : .rest
            _ = try? await write(other, target, previous)
        }
        let afterRestore = await readBoth(target, into: &problems, after: "the restore")
        let restoredThroughAPI = api == .rest ? afterRestore.rest : afterRestore.graphQL
        let restored = restoredThroughAPI == previous
        let passed =
            problems.isEmpty && answer == value && afterWrite.rest == value && afterWrite.graphQL == value
            && afterRestore.rest == previous && afterRestore.graphQL == previous && restored
        return ComparisonWriteCheck(
            name: name, model: model, api: api, target: targetText, targetKey: targetKey, valueKey: valueKey,
            previous: ComparisonValue(previous), written: ComparisonValue(value),
            answer: answer.map(ComparisonValue.init),
            rest: afterWrite.rest.map(ComparisonValue.init), graphql: afterWrite.graphQL.map(ComparisonValue.init),
            restoredRest: afterRestore.rest.map(ComparisonValue.init),
            restoredGraphql: afterRestore.graphQL.map(ComparisonValue.init), restored: restored, passed: passed,
            error: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    private func readBoth(_ target: Target, into problems: inout [String], after step: String) async -> (
        rest: State?, graphQL: State?
    ) {
        var values: [State?] = []
        for api in ComparisonAPI.allCases {
            do {
                values.append(try await read(api, target))
            } catch {
                problems.append(
                    "reading \(targetKey) \(String(describing: target)) through \(api.displayName) after \(step) "
                        + "failed: \(error)")
                values.append(nil)
            }
        }
        return (values[0], values[1])
    }
}
