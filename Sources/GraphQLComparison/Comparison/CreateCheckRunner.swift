import GraphQLMigration

/// Runs one declared create check through REST, then through GraphQL (see
/// ``ComparisonPlan/create(_:model:value:create:read:delete:targetKey:valueKey:)``): the value created through an
/// API, read back through both by the key that API answered with, deleted through the same API and read through
/// both again. In the ``ComparisonWriteCheck`` it gives, the state before and after is absent (JSON `null`).
struct CreateCheckRunner<Key: Sendable, State: Equatable & Sendable & Encodable>: Sendable {
    let name: String
    let model: String
    let value: State
    let create: @Sendable (ComparisonAPI, State) async throws -> (key: Key, state: State)
    let read: @Sendable (ComparisonAPI, Key) async throws -> State?
    let delete: @Sendable (ComparisonAPI, Key) async throws -> Void
    let targetKey: String
    let valueKey: String

    /// The state of an entity that does not exist, in reports.
    static var absent: ComparisonValue { ComparisonValue(json: "null", text: "absent") }

    func run() async -> [ComparisonWriteCheck] {
        var checks: [ComparisonWriteCheck] = []
        for api in ComparisonAPI.allCases {
            checks.append(await check(api))
        }
        return checks
    }

    private func check(_ api: ComparisonAPI) async -> ComparisonWriteCheck {
        let created: (key: Key, state: State)
        do {
            created = try await create(api, value)
        } catch {
            return ComparisonWriteCheck(
                name: name, model: model, api: api, target: "", targetKey: targetKey, valueKey: valueKey,
                previous: Self.absent, written: ComparisonValue(value), answer: nil, rest: nil, graphql: nil,
                restoredRest: nil, restoredGraphql: nil, restored: true, passed: false,
                error: "creating the \(name) \(FieldDiff.render(value)) through \(api.displayName) failed: \(error)",
                isCreate: true)
        }
        var problems: [String] = []
        let key = created.key
        let afterCreate = await readBoth(key, into: &problems, after: "the create")
        do {
            try await delete(api, key)
        } catch {
            problems.append(
                "deleting the \(name) \(String(describing: key)) through \(api.displayName) failed: \(error)")
            let other: ComparisonAPI = api == .rest ? .graphql : .rest
            try? await delete(other, key)
        }
        let afterDelete = await readBoth(key, into: &problems, after: "the delete")
        let deletedThroughAPI = api == .rest ? afterDelete.rest : afterDelete.graphQL
        let restored = deletedThroughAPI == .some(nil)
        let passed =
            problems.isEmpty && created.state == value && afterCreate.rest == .some(value)
            && afterCreate.graphQL == .some(value) && afterDelete.rest == .some(nil)
            && afterDelete.graphQL == .some(nil)
        return ComparisonWriteCheck(
            name: name, model: model, api: api, target: String(describing: key), targetKey: targetKey,
            valueKey: valueKey, previous: Self.absent, written: ComparisonValue(value),
            answer: ComparisonValue(created.state), rest: Self.report(afterCreate.rest),
            graphql: Self.report(afterCreate.graphQL), restoredRest: Self.report(afterDelete.rest),
            restoredGraphql: Self.report(afterDelete.graphQL), restored: restored, passed: passed,
            error: problems.isEmpty ? nil : problems.joined(separator: "; "), isCreate: true)
    }

    /// A read-back in the report: `nil` when the read failed, absent when there was no entity.
    private static func report(_ read: State??) -> ComparisonValue? {
        switch read {
        case .none: nil
        case .some(.none): absent
        case .some(.some(let state)): ComparisonValue(state)
        }
    }

    /// Reads the entity through REST, then GraphQL: `.none` for a read that failed, `.some(nil)` for no entity.
    private func readBoth(_ key: Key, into problems: inout [String], after step: String) async -> (
        rest: State??, graphQL: State??
    ) {
        var values: [State??] = []
        for api in ComparisonAPI.allCases {
            do {
                values.append(.some(try await read(api, key)))
            } catch {
                problems.append(
                    "reading \(targetKey) \(String(describing: key)) through \(api.displayName) after \(step) "
                        + "failed: \(error)")
                values.append(.none)
            }
        }
        return (values[0], values[1])
    }
}
