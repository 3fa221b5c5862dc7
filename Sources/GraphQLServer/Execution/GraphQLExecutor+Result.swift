import GraphQLParser

extension GraphQLExecutor {
    /// Executes `selectionSet` on `root` and answers the execution result, `{"errors"?: [...], "data": ...}` (the
    /// errors those this executor has collected): a streamed event's payload, or a single result sent over a stream.
    package mutating func result(_ selectionSet: SelectionSet, root: Resolvers.Object) -> JSONValue {
        let data = execute(selectionSet, root: root)
        var members: [(String, JSONValue)] = []
        if !errors.isEmpty { members.append(("errors", .array(errors.map(\.json)))) }
        members.append(("data", data))
        return .object(members)
    }
}
