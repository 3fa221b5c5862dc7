import GraphQLMigration

/// One write check (`--check-writes`): a value written to a target through one API, read back through both, then the
/// previous value written back through the same API and read back through both again (see
/// ``ComparisonPlan/write(_:model:target:read:write:change:targetKey:valueKey:)``).
///
/// In the JSON report (`"writeChecks"`), with the plan's keys for the target and the value (`game`, `favorite` in
/// the lottery's plan):
///
/// ```json
/// {"write": "favourite", "model": "GameInfo", "api": "graphql", "game": "6x45", "previous": false,
///  "favorite": true, "answer": true, "rest": true, "graphql": true, "restoredRest": false,
///  "restoredGraphql": false, "restored": true, "passed": true}
/// ```
///
/// A value is absent when the request that would have given it failed (`error` says which and why).
public struct ComparisonWriteCheck: Sendable, Hashable {
    /// What was written (`favourite`).
    public var name: String
    /// The model it belongs to.
    public var model: String
    /// The API the writes went through.
    public var api: ComparisonAPI
    /// The target written to, as text; empty when there was none.
    public var target: String
    /// The JSON report's key for the target.
    public var targetKey: String
    /// The JSON report's key for the value written.
    public var valueKey: String
    /// The state as that API showed it before the check; `nil` when that read failed (nothing was written then).
    public var previous: ComparisonValue?
    /// The value written; `nil` when nothing was.
    public var written: ComparisonValue?
    /// The state in the write's own answer; `nil` when the write failed.
    public var answer: ComparisonValue?
    /// The state read back through REST after the write.
    public var rest: ComparisonValue?
    /// The state read back through GraphQL after the write.
    public var graphql: ComparisonValue?
    /// The state read through REST after the previous state was written back.
    public var restoredRest: ComparisonValue?
    /// The state read through GraphQL after the previous state was written back.
    public var restoredGraphql: ComparisonValue?
    /// Whether the API written through shows the previous state again: the run left the target as it found it.
    public var restored: Bool
    /// Whether the check passed: no request failed, the write's answer and both read-backs show the value written,
    /// and after the restore both APIs show the previous state.
    public var passed: Bool
    /// The requests that failed, in words; `nil` when none did.
    public var error: String?
    /// Whether the check created an entity and deleted it again (a plan's `create`): `previous` and the restored
    /// states are then absent (JSON `null`) when the entity does not exist, and `target` is the key the create
    /// answered with.
    public var isCreate = false

    /// Whether a request of the check failed or the target was not left as found (exit status 2), as opposed to the
    /// APIs answering with the wrong state (exit status 1).
    public var isFailure: Bool { error != nil || !restored }
}
