import GraphQLParser
import GraphQLSchema

/// Runs GraphQL requests against the lottery data set: parse, validate, pick the operation, coerce the
/// variables, execute.
struct GraphQLService: Sendable {
    /// The most tokens a request document may have (bounds the work of a hostile request).
    static let maximumTokens = 20_000

    /// The served schema (with the data set's extra enum values), built once here, or why it could not be built
    /// (then every request that parses gets that error).
    let schema: Result<Schema, GraphQLResponseError>
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
        favorites: FavoriteStore = FavoriteStore(), failMutations: Bool = false, live: LiveDataSet? = nil
    ) {
        schema = ServedSchema.build(dataSet: dataSet)
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
        switch prepare(query: query, operationName: operationName, variables: variables) {
        case .ready(let operation): prepared = operation
        case .failed(let outcome): return outcome
        }
        if readOnly, prepared.operation.operation == .mutation {
            var refused = GraphQLOutcome.requestError([])
            refused.refusedAsReadOnly = true
            return refused
        }
        guard prepared.operation.operation == .query || prepared.operation.operation == .mutation else {
            return .requestError([
                GraphQLResponseError(
                    "Subscriptions are served as streams: send the request with `Accept: text/event-stream` "
                        + "(GraphQL over SSE), `Accept: multipart/mixed;subscriptionSpec=\"1.0\"` (multipart HTTP), or "
                        + "over a WebSocket with the graphql-transport-ws subprotocol.",
                    locations: [prepared.operation.location])
            ])
        }
        var executor = makeExecutor(prepared, caller: caller)
        let data = executor.execute(
            prepared.operation.selectionSet, root: prepared.operation.operation == .mutation ? .mutation : .query)
        var members: [(String, JSONValue)] = []
        if !executor.errors.isEmpty {
            members.append(("errors", .array(executor.errors.map(\.json))))
        }
        members.append(("data", data))
        return GraphQLOutcome(
            body: .object(members), isRequestError: false, executedOperation: prepared.operation.operation)
    }

    /// A request parsed, validated, its operation picked and its variables coerced: ready to execute (a query or a
    /// mutation once, a subscription once per event).
    struct PreparedOperation: Sendable {
        /// The schema the operation was validated against, which it executes on.
        let schema: Schema
        /// The operation to run.
        let operation: OperationDefinition
        /// The document's fragments by name.
        let fragments: [String: FragmentDefinition]
        /// The coerced variables.
        let variables: [String: GraphQLInputValue]
    }

    /// A request prepared, or the request error to send.
    enum Preparation: Sendable {
        /// Ready to execute.
        case ready(PreparedOperation)
        /// A request error (syntax, validation, operation name, variables).
        case failed(GraphQLOutcome)
    }

    /// Parses, validates, picks the operation and coerces the variables; a request error as the outcome to send.
    func prepare(
        query: String, operationName: String?, variables: [(String, JSONValue)]?
    ) -> Preparation {
        let document: Document
        do {
            document = try Parser.parse(Source(query), options: ParseOptions(maxTokens: GraphQLService.maximumTokens))
        } catch {
            return .failed(.requestError([GraphQLResponseError(error.message, locations: [error.location])]))
        }
        let depth = GraphQLDepthLimiter.expandedDepth(of: document)
        guard depth <= GraphQLDepthLimiter.maximumDepth else {
            return .failed(
                .requestError([
                    GraphQLResponseError(
                        "The query is nested too deeply: \(depth) levels with its fragments expanded, at most "
                            + "\(GraphQLDepthLimiter.maximumDepth).")
                ]))
        }
        let schema: Schema
        switch self.schema {
        case .success(let built): schema = built
        case .failure(let error): return .failed(.requestError([error]))
        }
        let validationErrors = GraphQLRequestValidator(schema: schema).validate(document)
        guard validationErrors.isEmpty else { return .failed(.requestError(validationErrors)) }

        let operations = document.operations
        let selected: OperationDefinition
        if let operationName {
            guard let operation = operations.first(where: { $0.name?.value == operationName }) else {
                return .failed(.requestError([GraphQLResponseError("Unknown operation named \"\(operationName)\".")]))
            }
            selected = operation
        } else {
            guard let only = operations.first else {
                return .failed(.requestError([GraphQLResponseError("Must provide an operation.")]))
            }
            guard operations.count == 1 else {
                return .failed(
                    .requestError([
                        GraphQLResponseError("Must provide operation name if query contains multiple operations.")
                    ]))
            }
            selected = only
        }

        let coercedVariables: [String: GraphQLInputValue]
        switch coerceVariables(selected.variableDefinitions, values: variables ?? [], schema: schema) {
        case .success(let values): coercedVariables = values
        case .failure(let errors): return .failed(.requestError(errors.errors))
        }

        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        return .ready(
            PreparedOperation(schema: schema, operation: selected, fragments: fragments, variables: coercedVariables))
    }

    /// An executor for a prepared operation, reading the data set as it is now and `caller`'s favourites.
    func makeExecutor(_ prepared: PreparedOperation, caller: String?) -> GraphQLExecutor {
        var callerResolvers = resolvers
        callerResolvers.caller = caller
        if let live { callerResolvers.dataSet = live.current }
        return GraphQLExecutor(
            schema: prepared.schema, resolvers: callerResolvers, longAsString: longAsString,
            fragments: prepared.fragments, variables: prepared.variables)
    }

    /// The errors of a failed variable coercion.
    private struct VariableErrors: Error {
        let errors: [GraphQLResponseError]
    }

    /// The spec's `CoerceVariableValues`: every definition's value from `values`, its default, or absent.
    private func coerceVariables(
        _ definitions: [VariableDefinition], values: [(String, JSONValue)], schema: Schema
    ) -> Result<[String: GraphQLInputValue], VariableErrors> {
        let coercion = GraphQLInputCoercion(schema: schema)
        var provided: [String: JSONValue] = [:]
        for (name, value) in values {
            provided[name] = value
        }
        var coerced: [String: GraphQLInputValue] = [:]
        var errors: [GraphQLResponseError] = []
        for definition in definitions {
            let name = definition.variable.name.value
            let type = TypeRef(definition.type)
            guard let value = provided[name] else {
                if let defaultValue = definition.defaultValue {
                    do {
                        if let value = try coercion.coerce(literal: defaultValue, to: type, variables: [:]) {
                            coerced[name] = value
                        }
                    } catch {
                        errors.append(
                            GraphQLResponseError(
                                "Variable \"$\(name)\" has invalid default value: \(error.message)",
                                locations: [definition.location]))
                    }
                } else if type.isNonNull {
                    errors.append(
                        GraphQLResponseError(
                            "Variable \"$\(name)\" of required type \"\(type)\" was not provided.",
                            locations: [definition.location]))
                }
                continue
            }
            if value.isNull && type.isNonNull {
                errors.append(
                    GraphQLResponseError(
                        "Variable \"$\(name)\" of non-null type \"\(type)\" must not be null.",
                        locations: [definition.location]))
                continue
            }
            do {
                coerced[name] = try coercion.coerce(json: value, to: type)
            } catch {
                let at = error.path.isEmpty ? "" : " at \"\(name)\(error.path)\""
                errors.append(
                    GraphQLResponseError(
                        "Variable \"$\(name)\" got invalid value \(error.value)\(at); \(error.message)",
                        locations: [definition.location]))
            }
        }
        return errors.isEmpty ? .success(coerced) : .failure(VariableErrors(errors: errors))
    }
}
