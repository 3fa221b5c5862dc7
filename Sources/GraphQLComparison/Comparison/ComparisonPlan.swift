import GraphQLMigration

/// What an app compares between its REST and GraphQL APIs: per legacy model, the entities (their ids) and how to
/// fetch one through each API into the legacy model; the list queries compared as lists; and the writes checked
/// through both.
///
/// ```swift
/// import GraphQLComparison
///
/// var plan = ComparisonPlan()
/// plan.model("Game", ids: { try await rest.gameIDs() },
///            rest: { id in try await rest.game(id) }, graphQL: { id in try await api.game(id) })
/// plan.list("games(active)", model: "Game",
///           rest: { try await rest.games() }, graphQL: { try await api.games() }, id: \.id)
/// let status: Int32 = await ComparisonCommand.main(plan, arguments: CommandLine.arguments)
/// ```
///
/// The closures return the app's own legacy model, built by the app's real clients and adapters; the comparison
/// compares the two values with `FieldDiff`. They may report GraphQL field errors that came with partial data with
/// ``ComparisonContext/warn(_:)``, and the app's transports report what they received with
/// ``ComparisonContext/received(_:body:url:status:operation:)`` (bytes per API, `--record`).
///
/// Models are compared in the order they are declared; each model's lists come before its entities.
public struct ComparisonPlan: Sendable {
    var models: [PlannedModel] = []
    var lists: [PlannedListFamily] = []
    var writes: [PlannedWrite] = []

    /// An empty plan.
    public init() {}

    /// The names of the models, in the order declared (a model named only by a list or a write comes after the
    /// others).
    public var modelNames: [String] {
        var names: [String] = []
        for name in models.map(\.name) + lists.map(\.model) + writes.map(\.model) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Declares a model: the entities to compare and how to fetch one through each API.
    ///
    /// - Parameters:
    ///   - name: the model's name in reports and in `--models` (`GameInfo`).
    ///   - ids: the ids of the entities to compare (asked once, before any comparison; duplicates are compared once).
    ///     When it throws, nothing is compared and the run stops (exit status 2): it usually means an unreachable
    ///     backend or a refused token, which its error should say.
    ///   - rest: fetches one entity through REST into the legacy model.
    ///   - graphQL: fetches the same entity through GraphQL into the legacy model (the adapter's output).
    ///   - options: comparison options of this model (ignore patterns, comparators, tolerances), before the ones of
    ///     the command line.
    public mutating func model<ID: Hashable & Sendable, Model: Sendable>(
        _ name: String,
        ids: @escaping @Sendable () async throws -> [ID],
        rest: @escaping @Sendable (ID) async throws -> Model,
        graphQL: @escaping @Sendable (ID) async throws -> Model,
        options: FieldDiffOptions = .init()
    ) {
        models.append(
            PlannedModel(
                name: name,
                jobs: {
                    let unique = Self.unique(try await ids())
                    return PlannedJobs(count: unique.count) { index in
                        let id = unique[index]
                        return PlannedFetch(
                            model: name, id: String(describing: id), isList: false, listPath: nil, options: options,
                            rest: { try await rest(id) }, graphQL: { try await graphQL(id) },
                            compare: { lhs, rhs, options in
                                guard let lhs = lhs as? Model, let rhs = rhs as? Model else {
                                    return Self.typeMismatch(lhs, rhs)
                                }
                                return FieldDiff.compare(lhs, rhs, options: options)
                            },
                            paths: { value in (value as? Model).map { [$0 as Any] } ?? [] })
                    }
                }))
    }

    /// Declares a list query compared as a list: membership, order, duplicates and each element's fields at its
    /// list path (`games[3].title`).
    ///
    /// Such a list is read and compared with nothing else in progress (the run's other reads wait for it): it is
    /// a whole list the app asks for, whose length grows with the backend, so a run holds one of them at a time.
    ///
    /// - Parameters:
    ///   - name: the list's id in reports (`games(active)`); the part before `(` names its paths (`games[3]`)
    ///     unless `path` is given.
    ///   - model: the legacy model of its elements (`--models` selects the list with it).
    ///   - rest: fetches the list through REST.
    ///   - graphQL: fetches the list through GraphQL.
    ///   - id: what identifies an element in both lists (`\.id`).
    ///   - path: the name of the list in paths; by default `name` up to its first `(`.
    ///   - options: comparison options of this list, before the ones of the command line.
    public mutating func list<Element: Sendable, ElementID: Hashable & Sendable>(
        _ name: String, model: String,
        rest: @escaping @Sendable () async throws -> [Element],
        graphQL: @escaping @Sendable () async throws -> [Element],
        id: @escaping @Sendable (Element) -> ElementID,
        path: String? = nil,
        options: FieldDiffOptions = .init()
    ) {
        addLists(
            path ?? Self.pathName(of: name), model: model, keys: { [name] }, name: { $0 },
            rest: { _ in try await rest() }, graphQL: { _ in try await graphQL() }, id: id, options: options,
            isAlone: true)
    }

    /// Declares a family of list queries, one per key (each game's draws): each compared as a list.
    ///
    /// - Parameters:
    ///   - path: the name of the lists in paths (`draws`, giving `draws[3].prizePool`).
    ///   - model: the legacy model of their elements.
    ///   - keys: the keys, asked once before any comparison (when it throws, the run stops, as for a model's ids).
    ///   - name: a list's id in reports (`draws(gameId: "6x45", last: 10)`).
    ///   - rest: fetches the list of a key through REST.
    ///   - graphQL: fetches the list of a key through GraphQL.
    ///   - id: what identifies an element in both lists.
    ///   - options: comparison options of these lists, before the ones of the command line.
    public mutating func lists<Key: Sendable, Element: Sendable, ElementID: Hashable & Sendable>(
        _ path: String, model: String,
        keys: @escaping @Sendable () async throws -> [Key],
        name: @escaping @Sendable (Key) -> String,
        rest: @escaping @Sendable (Key) async throws -> [Element],
        graphQL: @escaping @Sendable (Key) async throws -> [Element],
        id: @escaping @Sendable (Element) -> ElementID,
        options: FieldDiffOptions = .init()
    ) {
        addLists(
            path, model: model, keys: keys, name: name, rest: rest, graphQL: graphQL, id: id, options: options,
            isAlone: false)
    }

    /// A family of lists; `isAlone` for a whole list, read and compared with nothing else in progress.
    private mutating func addLists<Key: Sendable, Element: Sendable, ElementID: Hashable & Sendable>(
        _ path: String, model: String,
        keys: @escaping @Sendable () async throws -> [Key],
        name: @escaping @Sendable (Key) -> String,
        rest: @escaping @Sendable (Key) async throws -> [Element],
        graphQL: @escaping @Sendable (Key) async throws -> [Element],
        id: @escaping @Sendable (Element) -> ElementID,
        options: FieldDiffOptions, isAlone: Bool
    ) {
        lists.append(
            PlannedListFamily(
                model: model,
                jobs: {
                    let all = try await keys()
                    return PlannedJobs(count: all.count, isAlone: isAlone) { index in
                        let key = all[index]
                        return PlannedFetch(
                            model: model, id: name(key), isList: true, listPath: path, options: options,
                            rest: { try await rest(key) }, graphQL: { try await graphQL(key) },
                            compare: { lhs, rhs, options in
                                guard let lhs = lhs as? [Element], let rhs = rhs as? [Element] else {
                                    return Self.typeMismatch(lhs, rhs)
                                }
                                return ListComparison.compare(
                                    name: path, rest: lhs, graphQL: rhs, id: id, options: options)
                            },
                            paths: { value in ((value as? [Element]) ?? []).map { $0 as Any } })
                    }
                }))
    }

    /// Declares a write checked through both APIs (`--check-writes`): for each API in turn, the state of `target`
    /// is read through that API, `change(previous)` is written through it, the state is read back through both
    /// APIs, `previous` is written back through the same API (through the other when that fails) and read back
    /// through both again. Every read-back must show the value written, then the previous one.
    ///
    /// - Parameters:
    ///   - name: what is written, in reports (`favourite`: "set favourite of 6x45 to true through REST").
    ///   - model: the model it belongs to (`--models` selects the check with it).
    ///   - target: the entity to write to (asked once, after every comparison); `nil` when there is none, which is
    ///     a failed check. Its text (`String(describing:)`) names it in reports.
    ///   - read: reads the state of the target through an API.
    ///   - write: writes a state through an API and returns the state in the write's own answer.
    ///   - change: the state to write, from the previous one (`{ !$0 }`).
    ///   - targetKey: the JSON report's key for the target (`game`).
    ///   - valueKey: the JSON report's key for the value written (`favorite`).
    public mutating func write<Target: Sendable, State: Equatable & Sendable & Encodable>(
        _ name: String, model: String,
        target: @escaping @Sendable () async throws -> Target?,
        read: @escaping @Sendable (ComparisonAPI, Target) async throws -> State,
        write: @escaping @Sendable (ComparisonAPI, Target, State) async throws -> State,
        change: @escaping @Sendable (State) -> State,
        targetKey: String = "target", valueKey: String = "value"
    ) {
        writes.append(
            PlannedWrite(
                name: name, model: model, targetKey: targetKey, valueKey: valueKey, skipReason: nil,
                run: {
                    await WriteCheckRunner(
                        name: name, model: model, target: target, read: read, write: write, change: change,
                        targetKey: targetKey, valueKey: valueKey
                    ).run()
                }))
    }

    /// Declares a write that creates something, checked through both APIs (`--check-writes`): for each API in
    /// turn, `value` is created through it, the created entity is read back through both APIs by the key the
    /// create answered with (the id that API generated), then it is deleted through the same API (through the
    /// other when that fails) and read through both again. Every read-back must show `value`, then nothing.
    ///
    /// A create cannot be undone without a delete: with `delete` `nil`, `--check-writes` does not run the check
    /// (it would leave what it created in the target) and says so in the report's notes. Check such a create
    /// against a disposable backend in a test of your own.
    ///
    /// - Parameters:
    ///   - name: what is created, in reports (`booking`: "create booking through REST").
    ///   - model: the model it belongs to (`--models` selects the check with it).
    ///   - value: the state to create (the fields the app writes, without what the server generates).
    ///   - create: creates `value` through an API; returns the new entity's key and the state in the answer.
    ///   - read: reads the entity with a key through an API; `nil` when there is none.
    ///   - delete: deletes the entity with a key through an API; `nil` when the plan cannot undo a create.
    ///   - targetKey: the JSON report's key for the created entity's key (`booking`).
    ///   - valueKey: the JSON report's key for the value created (`seats`).
    public mutating func create<Key: Sendable, State: Equatable & Sendable & Encodable>(
        _ name: String, model: String, value: State,
        create: @escaping @Sendable (ComparisonAPI, State) async throws -> (key: Key, state: State),
        read: @escaping @Sendable (ComparisonAPI, Key) async throws -> State?,
        delete: (@Sendable (ComparisonAPI, Key) async throws -> Void)?,
        targetKey: String = "target", valueKey: String = "value"
    ) {
        guard let delete else {
            writes.append(
                PlannedWrite(
                    name: name, model: model, targetKey: targetKey, valueKey: valueKey,
                    skipReason: "the create \"\(name)\" of \(model) was not checked: the plan gives no delete, and "
                        + "the check never leaves what it wrote in the target; check it against a disposable backend",
                    run: { [] }))
            return
        }
        writes.append(
            PlannedWrite(
                name: name, model: model, targetKey: targetKey, valueKey: valueKey, skipReason: nil,
                run: {
                    await CreateCheckRunner(
                        name: name, model: model, value: value, create: create, read: read, delete: delete,
                        targetKey: targetKey, valueKey: valueKey
                    ).run()
                }))
    }

    /// `games` for `games(activeOnly: true)`.
    static func pathName(of name: String) -> String {
        let prefix = name.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
        return prefix.isEmpty ? name : prefix
    }

    static func unique<ID: Hashable>(_ ids: [ID]) -> [ID] {
        var seen: Set<ID> = []
        return ids.filter { seen.insert($0).inserted }
    }

    static func typeMismatch(_ lhs: Any, _ rhs: Any) -> FieldDiffResult {
        FieldDiffResult(differences: [
            FieldDifference(
                path: "", lhs: "a \(String(reflecting: type(of: lhs)))", rhs: "a \(String(reflecting: type(of: rhs)))")
        ])
    }
}
