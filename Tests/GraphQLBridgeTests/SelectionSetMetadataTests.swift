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

    @Test(
        "one response key in several places: selected when any place is; sub-selections merged, each place's conditions kept on what it selects"
    )
    func placesMerge() throws {
        // `friend @include(if: $a) { x }`, `friend { y }`, `... on T { friend @skip(if: $b) { z } }`, `bio @include(if: $a)`, `bio`.
        let set = GraphQLSelectionSetMetadata(
            typeName: nil,
            [
                GraphQLFieldMetadata("friend", includeIf: ["a"], selections: .init(typeName: "F", [Self.field("x")])),
                GraphQLFieldMetadata("friend", selections: .init(typeName: "F", [Self.field("y")])),
                GraphQLFieldMetadata("bio", includeIf: ["a"]), Self.field("bio"),
            ],
            conditions: [
                GraphQLTypeConditionMetadata(
                    possibleTypes: ["T"],
                    GraphQLSelectionSetMetadata(
                        typeName: "T",
                        [
                            GraphQLFieldMetadata(
                                "friend", skipIf: ["b"], selections: .init(typeName: "F", [Self.field("z")]))
                        ]
                    ))
            ])
        let fields = set.fields(forType: "T")
        #expect(fields.map(\.responseKey) == ["friend", "bio"])
        let friend = try #require(fields.first)
        #expect(friend.alwaysSelected)
        #expect(fields.last?.alwaysSelected == true, "bio is selected unconditionally in one place")
        let below = try #require(friend.selections)
        func selected(_ variables: [String: JSONValue]) -> [String] {
            below.fields(forType: "F").filter { $0.isSelected(variables: variables) }.map(\.responseKey)
        }
        #expect(selected([:]) == ["y", "z"])
        #expect(selected(["a": .bool(true)]) == ["x", "y", "z"])
        #expect(selected(["a": .bool(true), "b": .bool(true)]) == ["x", "y"])

        // Only conditional places: selected when any of them holds.
        let either = GraphQLSelectionSetMetadata(
            typeName: "U", [GraphQLFieldMetadata("bio", includeIf: ["a"]), GraphQLFieldMetadata("bio", skipIf: ["b"])])
        let bio = try #require(either.fields(forType: "U").first)
        #expect(!bio.alwaysSelected)
        #expect(bio.isSelected(variables: [:]))
        #expect(bio.isSelected(variables: ["a": .bool(true), "b": .bool(true)]))
        #expect(!bio.isSelected(variables: ["a": .bool(false), "b": .bool(true)]))
    }
}
