import GraphQLParser
import GraphQLSchema

/// Prepares GraphQL requests for execution: parses the document (with a token limit), bounds its depth,
/// validates it against the served schema, picks the operation and coerces the variables, as the spec's
/// `ExecuteRequest` does before it runs anything.
package struct GraphQLRequestPreparer: Sendable {
    /// The served schema, or why it could not be built (then every request that parses gets that error).
    package let schema: Result<Schema, GraphQLResponseError>
    /// How the schema's custom scalars read their input values.
    package let customScalars: GraphQLCustomScalars
    /// The most tokens a request document may have (bounds the work of a hostile request).
    package let maximumTokens: Int

    /// Creates a preparer.
    package init(
        schema: Result<Schema, GraphQLResponseError>, customScalars: GraphQLCustomScalars = GraphQLCustomScalars(),
        maximumTokens: Int = 20_000
    ) {
        self.schema = schema
        self.customScalars = customScalars
        self.maximumTokens = maximumTokens
    }

    /// A request parsed, validated, its operation picked and its variables coerced: ready to execute (a query or a
    /// mutation once, a subscription once per event).
    package struct PreparedOperation: Sendable {
        /// The schema the operation was validated against, which it executes on.
        package let schema: Schema
        /// The operation to run.
        package let operation: OperationDefinition
        /// The document's fragments by name.
        package let fragments: [String: FragmentDefinition]
        /// The coerced variables.
        package let variables: [String: GraphQLInputValue]
    }

    /// A request prepared, or the request error to send.
    package enum Preparation: Sendable {
        /// Ready to execute.
        case ready(PreparedOperation)
        /// A request error (syntax, validation, operation name, variables).
        case failed(GraphQLOutcome)
    }

    /// Parses, validates, picks the operation and coerces the variables; a request error as the outcome to send.
    package func prepare(
        query: String, operationName: String?, variables: [(String, JSONValue)]?
    ) -> Preparation {
        let document: Document
        do {
            document = try Parser.parse(Source(query), options: ParseOptions(maxTokens: maximumTokens))
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
        let validationErrors = GraphQLRequestValidator(schema: schema, customScalars: customScalars).validate(document)
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

    /// The errors of a failed variable coercion.
    private struct VariableErrors: Error {
        let errors: [GraphQLResponseError]
    }

    /// The spec's `CoerceVariableValues`: every definition's value from `values`, its default, or absent.
    private func coerceVariables(
        _ definitions: [VariableDefinition], values: [(String, JSONValue)], schema: Schema
    ) -> Result<[String: GraphQLInputValue], VariableErrors> {
        let coercion = GraphQLInputCoercion(schema: schema, customScalars: customScalars)
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
