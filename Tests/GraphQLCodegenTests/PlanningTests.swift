import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// The planner's decisions, checked on the plan (the snippet tests check the rendered Swift).
@Suite("Planning")
struct PlanningTests {
    static let petSchema = """
        type Query { pets: [Pet!]!, pet(id: ID!): Pet, search: [Result!]! }
        interface Pet { id: ID!, name: String! }
        type Dog implements Pet { id: ID!, name: String!, barks: Boolean! }
        type Cat implements Pet { id: ID!, name: String!, lives: Int! }
        type Person { name: String! }
        union Result = Dog | Cat | Person
        """

    func plan(_ operations: String, schema: String = petSchema, scalars: [String: ScalarMapping] = [:]) throws
        -> (CodegenPlan, [Diagnostic])
    {
        let result = CodegenTestSupport.generate(
            schema: schema, operations: operations, configuration: CodegenConfiguration(scalars: scalars))
        return (try #require(result.plan, "\(result.diagnostics)"), result.diagnostics)
    }

    @Test("__typename is added to selections on interfaces and unions, and type conditions become views")
    func typeCases() throws {
        let (plan, diagnostics) = try plan("query Pets { pets { name ... on Dog { barks } ... on Cat { lives } } }")
        #expect(diagnostics.isEmpty)
        let operation = try #require(plan.operations.first)
        #expect(operation.minifiedText == "query Pets{pets{__typename name...on Dog{barks}...on Cat{lives}}}")
        let pet = try #require(operation.data.nestedTypes.first)
        #expect(pet.swiftName == "Pet")
        #expect(pet.fields.map(\.propertyName) == ["__typename", "name"])
        #expect(pet.typenameDefault == nil, "an interface has no single type name")
        #expect(pet.typeCases.map(\.propertyName) == ["asDog", "asCat"])
        let dog = try #require(pet.typeCases.first)
        #expect(dog.possibleTypes == ["Dog"])
        #expect(dog.selectionSet.fields.map(\.propertyName) == ["__typename", "name", "barks"])
        #expect(dog.selectionSet.typenameDefault == "Dog")
    }

    @Test("an interface type condition inside a union is decoded for each of its possible types")
    func interfaceConditionInUnion() throws {
        let (plan, _) = try plan("query S { search { ... on Pet { id } } }")
        let result = try #require(plan.operations.first?.data.nestedTypes.first)
        let asPet = try #require(result.typeCases.first)
        #expect(asPet.possibleTypes == ["Dog", "Cat"])
        #expect(asPet.selectionSet.isIdentifiable)
    }

    @Test("a selection of only one fragment (and __typename) is typed as the fragment")
    func soleFragment() throws {
        let (plan, _) = try plan(
            """
            fragment PetName on Pet { name }
            query P { pet(id: "1") { __typename ...PetName } pets { ...PetName id } }
            """)
        let data = try #require(plan.operations.first?.data)
        #expect(data.fields.first?.type == .optional(.fragment("PetName")))
        #expect(data.fields.last?.type == .list(.object("Pet")))
        let pets = try #require(data.nestedTypes.first)
        #expect(pets.fields.map(\.propertyName) == ["__typename", "name", "id"])
        #expect(pets.fragments.map(\.propertyName) == ["petName"])
    }

    @Test("an unmapped custom scalar is JSONValue with one warning at its first use; a mapped one is its type")
    func customScalars() throws {
        let schema = "scalar Money scalar Long type Query { price: Money, total: Money!, count: Long! }"
        let (plan, diagnostics) = try plan(
            "query Q { price total count }", schema: schema, scalars: ["Long": .init(swiftType: "Int64")])
        let fields = try #require(plan.operations.first?.data.fields)
        #expect(fields.map(\.type.swift) == ["JSONValue?", "JSONValue", "Int64"])
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 1 && warning.location.column == 11)
        #expect(warning.message.contains("'Money'") && warning.message.contains("--scalar Money=Decimal"))
    }

    @Test("variables: required, GraphQLNullable for nullable ones, an optional for non-null ones with a default")
    func variables() throws {
        let schema = "type Query { items(first: Int!, after: String, tag: String): [String!]! }"
        let (plan, _) = try plan(
            "query Items($first: Int! = 10, $after: String, $tag: String = \"x\") "
                + "{ items(first: $first, after: $after, tag: $tag) }", schema: schema)
        let variables = try #require(plan.operations.first?.variables)
        #expect(variables.map(\.presence) == [.optionalWithDefault, .nullable, .nullable])
        #expect(variables.map(\.swiftType) == ["Int?", "GraphQLNullable<String>", "GraphQLNullable<String>"])
        #expect(variables.map(\.defaultValue) == ["10", nil, "\"x\""])
    }

    @Test("an anonymous operation is an error that asks for a name")
    func anonymousOperation() throws {
        let result = CodegenTestSupport.generate(schema: Self.petSchema, operations: "{ pets { name } }")
        #expect(result.files.isEmpty)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("Give this query a name"))
        #expect(error.location.line == 1 && error.location.column == 1)
    }

    @Test("a fragment named like a type the generated code uses is an error")
    func reservedFragmentName() throws {
        let result = CodegenTestSupport.generate(
            schema: Self.petSchema, operations: "fragment String on Pet { name } query Q { pets { ...String } }")
        #expect(result.hasErrors)
        #expect(result.diagnostics.contains { $0.message.contains("rename the fragment") })
    }

    @Test("only the enums and input objects the operations use are generated")
    func usedTypesOnly() throws {
        let schema = """
            enum Used { A } enum Unused { B } enum InInput { C }
            input Filter { kind: InInput, nested: Nested } input Nested { x: Int } input Other { y: Int }
            type Query { things(filter: Filter): [Used!]!, other(o: Other): Int }
            """
        let (plan, _) = try plan("query T($f: Filter) { things(filter: $f) }", schema: schema)
        #expect(plan.enums.map(\.swiftName) == ["InInput", "Used"])
        #expect(plan.inputObjects.map(\.swiftName) == ["Filter", "Nested"])
    }
}
