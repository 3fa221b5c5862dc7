import GraphQLParser
import GraphQLSchema
import GraphQLServer

/// Runs GraphQL requests against the lottery data set: parse, validate, pick the operation, coerce the
/// variables, execute.
struct GraphQLService: Sendable {
    /// The most tokens a request document may have (bounds the work of a hostile request).
    static let maximumTokens = 20_000

    /// A request prepared (parsed, validated, variables coerced) against the served schema (with the data set's
    /// extra enum values), built once here.
    typealias PreparedOperation = GraphQLRequestPreparer.PreparedOperation

    /// Parses, validates and coerces requests against the served schema, or answers why it could not be built.
    let preparer: GraphQLRequestPreparer
    /// The served schema, or why it could not be built (then every request that parses gets that error).
    var schema: Result<Schema, GraphQLResponseError> { preparer.schema }
    /// The resolvers.
    let resolvers: LotteryResolvers
    /// Whether `Long` values are serialized as decimal strings.
    let longAsString: Bool
    /// The data as the draw clock changes it; `nil` serves the data set as it was given.
    let live: LiveDataSet?

    /// Creates a service for a data set.
    /// - Parameters:
    ///   - favorites: The callers' favourite games (shared with REST); a store of its own when not given.
    ///   - failMutations: Whether every mutation fails with a field error and changes nothing.
    ///   - live: The data as the draw clock changes it (each request reads it as it is then).
    init(
        dataSet: LotteryDataSet, longAsString: Bool, planted: Set<PlantedDifference> = [],
        favorites: FavoriteStore = FavoriteStore(), failMutations: Bool = false, live: LiveDataSet? = nil,
        incremental: Bool = false
    ) {
        preparer = GraphQLRequestPreparer(
            schema: ServedSchema.build(dataSet: dataSet, incremental: incremental),
            customScalars: ServedSchema.customScalars,
            maximumTokens: GraphQLService.maximumTokens)
        resolvers = LotteryResolvers(
            dataSet: dataSet, planted: planted, favorites: favorites, failMutations: failMutations)
        self.longAsString = longAsString
        self.live = live
    }

    /// Runs one request.
    /// - Parameters:
    ///   - query: The document text.
    ///   - operationName: The operation to run, or `nil`.
    ///   - variables: The `variables` object's members, or `nil`.
    ///   - caller: Whose favourites `isFavorite` and `setFavorite` read and write (the bearer token, or `nil`).
    ///   - readOnly: Whether the request came by `GET`: a mutation is then not run
    ///     (``GraphQLOutcome/refusedAsReadOnly``).
    func run(
        query: String, operationName: String?, variables: [(String, JSONValue)]?, caller: String? = nil,
        readOnly: Bool = false
    ) -> GraphQLOutcome {
        let prepared: PreparedOperation
        switch preparer.prepare(query: query, operationName: operationName, variables: variables) {
        case .ready(let operation): prepared = operation
        case .failed(let outcome): return outcome
        }
        return .run(
            prepared, readOnly: readOnly, executor: makeExecutor(prepared, caller: caller),
            root: { $0 == .mutation ? .mutation : .query })
    }

    /// Runs a query (or a `POST`ed mutation) with `@defer` and `@stream` honoured: its payloads in `format`, or `nil`
    /// when the request is not one to answer incrementally (a request error, a mutation by `GET`, a subscription) or
    /// nothing in it was deferred, for ``run(query:operationName:variables:caller:readOnly:)`` to answer whole.
    func runIncrementally(
        query: String, operationName: String?, variables: [(String, JSONValue)]?, caller: String?, readOnly: Bool,
        format: GraphQLIncrementalFormat
    ) -> [JSONValue]? {
        guard
            case .ready(let prepared) = preparer.prepare(
                query: query, operationName: operationName, variables: variables)
        else { return nil }
        let kind = prepared.operation.operation
        guard kind == .query || (kind == .mutation && !readOnly) else { return nil }
        var executor = makeExecutor(prepared, caller: caller)
        let payloads = executor.executeIncrementally(
            prepared.operation.selectionSet, root: kind == .mutation ? .mutation : .query, format: format)
        return payloads.count > 1 ? payloads : nil
    }

    /// An executor for a prepared operation, reading the data set as it is now and `caller`'s favourites.
    func makeExecutor(_ prepared: PreparedOperation, caller: String?) -> GraphQLExecutor<LotteryResolvers> {
        var callerResolvers = resolvers
        callerResolvers.caller = caller
        if let live { callerResolvers.dataSet = live.current }
        return GraphQLExecutor(
            schema: prepared.schema, resolvers: callerResolvers, integerScalarsAsStrings: longAsString ? ["Long"] : [],
            customScalars: ServedSchema.customScalars, fragments: prepared.fragments, variables: prepared.variables)
    }

}
