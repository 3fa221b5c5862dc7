import GraphQLParser

/// Literal values are valid for the types expected where they are written.
final class ValuesOfCorrectTypeRule: ValidationRule {
    let context: ValidationContext
    init(_ context: ValidationContext) { self.context = context }

    func enterValue(_ value: Value) {
        guard let type = context.valueType else { return }
        for problem in InputLiteralValidator.validate(value, type: type, schema: context.schema) {
            context.report(problem.message, [problem.location])
        }
    }
}
