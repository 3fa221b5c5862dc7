import GraphQLParser

/// Runs GraphQL requests against the lottery data set: parse, validate, pick the operation, coerce the
/// variables, execute.
struct GraphQLService: Sendable {
    /// The most tokens a request document may have (bounds the work of a hostile request).
    static let maximumTokens = 20_000

    /// The schema (with the data set's extra enum values).
    let schema: LotterySchema
    /// The request validator (GraphQLCodegen's, against the served schema built once here).
    let validator: GraphQLRequestValidator
    /// The resolvers.
    let resolvers: LotteryResolvers
    /// Whether `Long` values are serialized as decimal strings.
    let longAsString: Bool

    /// Creates a service for a data set.
    /// - Parameters:
    ///   - favorites: The callers' favourite games (shared with REST); a store of its own when not given.
    ///   - failMutations: Whether every mutation fails with a field error and changes nothing.
    init(
        dataSet: LotteryDataSet, longAsString: Bool, planted: Set<PlantedDifference> = [],
        favorites: FavoriteStore = FavoriteStore(), failMutations: Bool = false
    ) {
        schema = LotterySchema(dataSet: dataSet)
        validator = GraphQLRequestValidator(dataSet: dataSet, executorSchema: schema)
        resolvers = LotteryResolvers(
            dataSet: dataSet, planted: planted, favorites: favorites, failMutations: failMutations)
        self.longAsString = longAsString
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
        let document: Document
        do {
            document = try Parser.parse(Source(query), options: ParseOptions(maxTokens: GraphQLService.maximumTokens))
        } catch {
            return .requestError([GraphQLResponseError(error.message, locations: [error.location])])
        }
        let depth = GraphQLDepthLimiter.expandedDepth(of: document)
        guard depth <= GraphQLDepthLimiter.maximumDepth else {
            return .requestError([
                GraphQLResponseError(
                    "The query is nested too deeply: \(depth) levels with its fragments expanded, at most "
                        + "\(GraphQLDepthLimiter.maximumDepth).")
            ])
        }
        let validationErrors = validator.validate(document)
        guard validationErrors.isEmpty else { return .requestError(validationErrors) }

        let operations = document.operations
        let selected: OperationDefinition
        if let operationName {
            guard let operation = operations.first(where: { $0.name?.value == operationName }) else {
                return .requestError([GraphQLResponseError("Unknown operation named \"\(operationName)\".")])
            }
            selected = operation
        } else {
            guard let only = operations.first else {
                return .requestError([GraphQLResponseError("Must provide an operation.")])
            }
            guard operations.count == 1 else {
                return .requestError([
                    GraphQLResponseError("Must provide operation name if query contains multiple operations.")
                ])
            }
            selected = only
        }
        if readOnly, selected.operation == .mutation {
            var refused = GraphQLOutcome.requestError([])
            refused.refusedAsReadOnly = true
            return refused
        }
        guard selected.operation == .query || selected.operation == .mutation else {
            return .requestError([
                GraphQLResponseError(
                    "Schema is not configured to execute \(selected.operation.rawValue) operation.",
                    locations: [selected.location])
            ])
        }

        let coercedVariables: [String: GraphQLInputValue]
        switch coerceVariables(selected.variableDefinitions, values: variables ?? []) {
        case .success(let values): coercedVariables = values
        case .failure(let errors): return .requestError(errors.errors)
        }

        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        var callerResolvers = resolvers
        callerResolvers.caller = caller
        var executor = GraphQLExecutor(
            schema: schema, resolvers: callerResolvers, longAsString: longAsString, fragments: fragments,
            variables: coercedVariables)
        let data = executor.execute(selected.selectionSet, root: selected.operation == .mutation ? .mutation : .query)
        var members: [(String, JSONValue)] = []
        if !executor.errors.isEmpty {
            members.append(("errors", .array(executor.errors.map(\.json))))
        }
        members.append(("data", data))
        return GraphQLOutcome(body: .object(members), isRequestError: false, executedOperation: selected.operation)
    }

    /// The errors of a failed variable coercion.
    private struct VariableErrors: Error {
        let errors: [GraphQLResponseError]
    }

    /// The spec's `CoerceVariableValues`: every definition's value from `values`, its default, or absent.
    private func coerceVariables(
        _ definitions: [VariableDefinition], values: [(String, JSONValue)]
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
            let type = SchemaTypeReference(definition.type)
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
