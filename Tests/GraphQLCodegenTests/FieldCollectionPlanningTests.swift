import Foundation
import GraphQLCodegen
import GraphQLParser
import Testing

/// The planner follows the spec's field collection for every possible runtime type (issue 18): a field selected under
/// any chain of type conditions is in a view wherever the chain applies, and a sub-selection is required only where
/// its field's conditions always hold.
@Suite("Field collection per runtime type")
struct FieldCollectionPlanningTests {
    /// Not every Pet is an Animal (Rock), not every Animal a Pet (Crab); Warm cuts across both (Cat, Lizard).
    static let schema = """
        interface Animal { id: ID! size: Int! }
        interface Pet { name: String }
        interface Warm { temperature: Int! }
        type Fish implements Animal & Pet { id: ID! size: Int! name: String }
        type Cat implements Animal & Pet & Warm { id: ID! size: Int! name: String temperature: Int! }
        type Crab implements Animal { id: ID! size: Int! }
        type Lizard implements Animal & Warm { id: ID! size: Int! temperature: Int! }
        type Rock implements Pet { name: String }
        type Size { feet: Int! meters: Int! inches: Int }
        type Thing { size: Size! other: Size }
        type Query { animals: [Animal!]! pets: [Pet!]! thing: Thing! }
        """

    static func data(_ operations: String) throws -> SelectionSetPlan {
        let result = CodegenTestSupport.generate(schema: schema, operations: operations)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(result.plan?.operations.first?.data)
    }

    static func fields(_ plan: SelectionSetPlan?) -> [String] { plan?.fields.map(\.responseKey) ?? [] }

    static func view(_ plan: SelectionSetPlan?, _ condition: String) -> SelectionSetPlan? {
        plan?.typeCases.first { $0.typeCondition == condition }?.selectionSet
    }

    @Test("row 1: a condition nested in one that narrows the types is merged where every remaining type satisfies it")
    func nestedConditionMerged() throws {
        let data = try Self.data("query Q { animals { id ... on Pet { name ... on Animal { size } } } }")
        let animal = data.nestedTypes.first
        #expect(animal?.typeCases.map(\.typeCondition) == ["Pet"])
        #expect(animal?.typeCases.first?.possibleTypes == ["Fish", "Cat"])
        // A Warm view of the same types as the Pet one would hold the same: the nested view is only generated when
        // it narrows the types, as below.
        #expect(Self.fields(Self.view(animal, "Pet")) == ["__typename", "id", "name", "size"])
    }

    @Test("the other way round: on Pet, Animal, and Pet again inside it")
    func nestedConditionReversed() throws {
        let data = try Self.data("query Q { pets { ... on Animal { id ... on Pet { name } } } }")
        let pet = data.nestedTypes.first
        #expect(Self.fields(Self.view(pet, "Animal")) == ["__typename", "id", "name"])
    }

    @Test("a nested condition that narrows further becomes a view nested in the view")
    func nestedView() throws {
        let data = try Self.data("query Q { animals { ... on Pet { name ... on Warm { temperature } } } }")
        let animal = data.nestedTypes.first
        let pet = Self.view(animal, "Pet")
        #expect(Self.fields(pet) == ["__typename", "name"])
        #expect(pet?.typeCases.map(\.possibleTypes) == [["Cat"]])
        #expect(Self.fields(Self.view(pet, "Warm")) == ["__typename", "name", "temperature"])
        // The flattened view on Warm holds no `temperature`: not every warm animal is reached through Pet here.
        #expect(Self.fields(Self.view(animal, "Warm")) == ["__typename"])
    }

    @Test("a nested view that would hold nothing new is not generated")
    func redundantNestedView() throws {
        let data = try Self.data(
            "query Q { animals { ... on Pet { name } ... on Warm { temperature } ... on Cat { id } } }")
        let animal = data.nestedTypes.first
        #expect(animal?.typeCases.map(\.typeCondition) == ["Pet", "Warm", "Cat"])
        #expect(animal?.typeCases.allSatisfy { $0.selectionSet.typeCases.isEmpty } == true)
    }

    @Test("row 3: a conditional fragment's deeper field is optional, and the fragment is conditional")
    func conditionalFragmentDeeper() throws {
        let data = try Self.data(
            """
            fragment Meters on Thing { size { meters } }
            query Q($skip: Boolean!) { thing { size { feet } ...Meters @skip(if: $skip) } }
            """)
        let thing = data.nestedTypes.first
        #expect(thing?.fragments.map(\.isConditional) == [true])
        let size = thing?.nestedTypes.first
        #expect(size?.fields.map(\.type.swift) == ["Int", "Int?"])
        #expect(size?.fields.map(\.omitsNil) == [false, true])
    }

    @Test("occurrences under different conditions: each one's sub-selection is optional")
    func differentConditions() throws {
        let data = try Self.data(
            "query Q($a: Boolean!, $b: Boolean!) { thing { other @include(if: $a) { feet } other @include(if: $b) { inches } } }"
        )
        let other = data.nestedTypes.first?.nestedTypes.first
        #expect(other?.fields.map(\.type.swift) == ["Int?", "Int?"])
        // The same condition on each: the sub-selections hold whenever the field is there.
        let same = try Self.data(
            "query Q($a: Boolean!) { thing { other @include(if: $a) { feet } other @include(if: $a) { inches } } }")
        #expect(same.nestedTypes.first?.fields.map(\.type.swift) == ["Other?"])
        #expect(same.nestedTypes.first?.nestedTypes.first?.fields.map(\.type.swift) == ["Int", "Int?"])
    }
}
