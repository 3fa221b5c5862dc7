import Testing

@testable import GraphQLBridge

@Suite("Selection set metadata: fields by type")
struct SelectionSetMetadataTests {
    static func field(_ name: String, _ selections: GraphQLSelectionSetMetadata? = nil) -> GraphQLFieldMetadata {
        GraphQLFieldMetadata(name, selections: selections)
    }

    /// `... on Ticket { price numbers }`, `... on Coupon { code ... on Gift { sender } }` beside `__typename id`.
    static let items = GraphQLSelectionSetMetadata(
        typeName: nil, [field("__typename"), field("id")],
        conditions: [
            GraphQLTypeConditionMetadata(
                possibleTypes: ["Ticket"],
                GraphQLSelectionSetMetadata(typeName: "Ticket", [field("price"), field("numbers"), field("id")])),
            GraphQLTypeConditionMetadata(
                possibleTypes: ["Coupon", "Gift"],
                GraphQLSelectionSetMetadata(
                    typeName: nil, [field("code")],
                    conditions: [
                        GraphQLTypeConditionMetadata(
                            possibleTypes: ["Gift"], GraphQLSelectionSetMetadata(typeName: "Gift", [field("sender")]))
                    ])),
        ])

    @Test("each type gets its conditions' fields, merged by response key, nested conditions included")
    func perType() {
        #expect(Self.items.fields(forType: "Ticket").map(\.responseKey) == ["__typename", "id", "price", "numbers"])
        #expect(Self.items.fields(forType: "Coupon").map(\.responseKey) == ["__typename", "id", "code"])
        #expect(Self.items.fields(forType: "Gift").map(\.responseKey) == ["__typename", "id", "code", "sender"])
        #expect(Self.items.fields(forType: nil).map(\.responseKey) == ["__typename", "id"])
        // Kept: the same objects the second time.
        #expect(Self.items.fields(forType: "Gift").first === Self.items.fields(forType: "Gift").first)
    }

    @Test("a __typename no condition names gets the unconditional fields, and is not kept: the memo stays bounded")
    func unknownTypesAreNotKept() {
        let set = GraphQLSelectionSetMetadata(typeName: nil, Self.items.fields, conditions: Self.items.conditions)
        for index in 0..<1_000 {
            #expect(set.fields(forType: "Unknown\(index)").map(\.responseKey) == ["__typename", "id"])
        }
        _ = set.fields(forType: "Ticket")
        #expect(set.keptFieldListCount == 2, "nil (for every unknown type) and Ticket")
    }
}
