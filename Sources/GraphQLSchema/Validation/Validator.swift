import GraphQLParser

/// Validates executable documents (operations and fragments) against a schema: the rules of the spec's
/// Validation section that decide whether a document can be executed, as graphql-core 3.3's `validate` applies
/// them with its `specified_rules`, with its messages, locations and order.
///
/// The rules: ExecutableDefinitions, KnownOperationTypes, UniqueOperationNames, LoneAnonymousOperation,
/// SingleFieldSubscriptions, KnownTypeNames, FragmentsOnCompositeTypes, VariablesAreInputTypes, ScalarLeafs,
/// FieldsOnCorrectType, UniqueFragmentNames, KnownFragmentNames, NoUnusedFragments, PossibleFragmentSpreads,
/// NoFragmentCycles, UniqueVariableNames, NoUndefinedVariables, NoUnusedVariables, KnownDirectives,
/// UniqueDirectivesPerLocation, the incremental delivery rules (DeferStreamDirectiveOnRootField,
/// DeferStreamDirectiveOnValidOperations, DeferStreamDirectiveLabel, StreamDirectiveOnListField; they only find
/// something where `@defer` and `@stream` are used), KnownArgumentNames, UniqueArgumentNames, ValuesOfCorrectType,
/// ProvidedRequiredArguments, VariablesInAllowedPosition, OverlappingFieldsCanBeMerged, UniqueInputFieldNames
/// and MaxIntrospectionDepth.
///
/// ```swift
/// let document = try Parser.parse(Source(text, name: "Operations.graphql"))
/// for diagnostic in Validator.validate(document, schema: schema) {
///     print(diagnostic)  // Operations.graphql:3:5: error: Cannot query field 'titel' on type 'Game'. Did you ...
/// }
/// ```
public enum Validator {
    /// graphql-core's default limit of errors, after which validation stops.
    public static let defaultMaxErrors = 100

    /// Validates a document against a schema.
    /// - Parameters:
    ///   - document: The executable document.
    ///   - schema: The schema.
    ///   - maxErrors: After this many errors, validation stops and adds graphql-core's
    ///     `Too many validation errors, error limit reached. Validation aborted.` (without location). Validation
    ///     also stops, with `Validation aborted.`, at an operation or fragment whose selections nest more than 200
    ///     levels deep through the fragments it spreads, as graphql-core's does.
    ///   - allowUnusedFragments: Skips NoUnusedFragments, for documents whose fragments are used on their own
    ///     (a code generator generates a type for every fragment, whether an operation spreads it or not).
    ///   - unusedFragmentsAsWarnings: NoUnusedFragments reports its findings (graphql-core's message, `Fragment 'X'
    ///     is never used.`) as warnings, which do not count against `maxErrors`: a server would reject the
    ///     document as it is, but a code generator uses such fragments on their own. Ignored when
    ///     `allowUnusedFragments` is set.
    /// - Returns: The errors (`Diagnostic`s of severity `.error`), empty when the document is valid. Each has
    ///   graphql-core's message and its locations (`location` and `relatedLocations`).
    public static func validate(
        _ document: Document,
        schema: Schema,
        maxErrors: Int = defaultMaxErrors,
        allowUnusedFragments: Bool = false,
        unusedFragmentsAsWarnings: Bool = false
    ) -> [Diagnostic] {
        let context = ValidationContext(schema: schema, document: document, maxErrors: maxErrors)
        var rules: [any ValidationRule] = [
            ExecutableDefinitionsRule(context),
            KnownOperationTypesRule(context),
            UniqueOperationNamesRule(context),
            LoneAnonymousOperationRule(context),
            SingleFieldSubscriptionsRule(context),
            KnownTypeNamesRule(context),
            FragmentsOnCompositeTypesRule(context),
            VariablesAreInputTypesRule(context),
            ScalarLeafsRule(context),
            FieldsOnCorrectTypeRule(context),
            UniqueFragmentNamesRule(context),
            KnownFragmentNamesRule(context),
            NoUnusedFragmentsRule(context, severity: unusedFragmentsAsWarnings ? .warning : .error),
            PossibleFragmentSpreadsRule(context),
            NoFragmentCyclesRule(context),
            UniqueVariableNamesRule(context),
            NoUndefinedVariablesRule(context),
            NoUnusedVariablesRule(context),
            KnownDirectivesRule(context),
            UniqueDirectivesPerLocationRule(context),
            DeferStreamDirectiveOnRootFieldRule(context),
            DeferStreamDirectiveOnValidOperationsRule(context),
            DeferStreamDirectiveLabelRule(context),
            StreamDirectiveOnListFieldRule(context),
            KnownArgumentNamesRule(context),
            UniqueArgumentNamesRule(context),
            ValuesOfCorrectTypeRule(context),
            ProvidedRequiredArgumentsRule(context),
            VariablesInAllowedPositionRule(context),
            OverlappingFieldsCanBeMergedRule(context),
            UniqueInputFieldNamesRule(context),
            MaxIntrospectionDepthRule(context),
        ]
        if allowUnusedFragments { rules.removeAll { $0 is NoUnusedFragmentsRule } }
        DocumentWalker(context: context, rules: rules).walk()
        var diagnostics = context.diagnostics
        if context.isAborted {
            diagnostics.append(
                Diagnostic(
                    severity: .error,
                    message: context.abortMessage,
                    location: .unknown))
        }
        return diagnostics
    }
}
