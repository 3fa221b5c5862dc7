extension APIError {
    /// Runs an adapter (a legacy model's `init(graphQL:)`), reporting its failure as ``APIError/decoding(operation:_:)``
    /// located at `path` in the response (`"data.games[3]"`, then the field the adapter names: `"data.games[3].logo"`).
    ///
    /// ```swift
    /// let game = try APIError.adapting("data.game", operation: GameQuery.operationName) {
    ///     () throws(GraphQLDecodingError) in try GameInfo(graphQL: details)
    /// }
    /// ```
    public static func adapting<Model>(
        _ path: String, operation: String, _ adapter: () throws(GraphQLDecodingError) -> Model
    ) throws(APIError) -> Model {
        do {
            return try adapter()
        } catch {
            var located = error
            located.path = located.path.isEmpty ? path : path + "." + located.path
            throw .decoding(operation: operation, located)
        }
    }
}
