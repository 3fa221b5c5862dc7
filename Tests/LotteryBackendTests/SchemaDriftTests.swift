import Foundation
import GraphQLParser
import Testing

@testable import LotteryBackend

@Suite("Schema")
struct SchemaDriftTests {
    /// The executor's built-in schema model must match the contract's SDL, bundled as `lottery.graphqls`.
    @Test("The executor's schema matches the bundled lottery.graphqls")
    func matchesSDL() throws {
        let sdl = try BundledResources.schemaSDL()
        let document = try Parser.parse(Source(sdl, name: "lottery.graphqls"))
        let schema = LotterySchema()
        var seenTypes: Set<String> = []
        for definition in document.typeSystemDefinitions {
            guard case .type(let type) = definition else { continue }
            seenTypes.insert(type.name.value)
            let model = try #require(schema.type(named: type.name.value), "type \(type.name.value)")
            switch type {
            case .scalar:
                guard case .scalar = model else {
                    Issue.record("\(type.name.value) is not a scalar in the model")
                    continue
                }
            case .enum(let enumType):
                guard case .enumeration(_, let values) = model else {
                    Issue.record("\(type.name.value) is not an enum in the model")
                    continue
                }
                #expect(values == enumType.values.map(\.name.value))
            case .object(let object):
                guard case .object(_, let fields) = model else {
                    Issue.record("\(type.name.value) is not an object in the model")
                    continue
                }
                #expect(fields.map(\.name) == object.fields.map(\.name.value), "fields of \(type.name.value)")
                for field in object.fields {
                    let modelField = try #require(fields.first { $0.name == field.name.value })
                    #expect(modelField.type.description == field.type.description, "\(type.name.value).\(field.name)")
                    #expect(modelField.arguments.map(\.name) == field.arguments.map(\.name.value))
                    for argument in field.arguments {
                        let modelArgument = try #require(modelField.argument(argument.name.value))
                        #expect(modelArgument.type.description == argument.type.description)
                        let coerced = try argument.defaultValue.flatMap {
                            try GraphQLInputCoercion(schema: schema).coerce(
                                literal: $0, to: modelArgument.type, variables: [:])
                        }
                        #expect(modelArgument.defaultValue == coerced, "default of \(field.name).\(argument.name)")
                    }
                }
            default:
                Issue.record("unexpected type kind for \(type.name.value)")
            }
        }
        let builtIn: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]
        #expect(Set(schema.types.keys).subtracting(builtIn) == seenTypes)
    }
}
