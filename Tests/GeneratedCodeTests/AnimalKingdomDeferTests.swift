import Foundation
import GraphQLBridge
import Testing

/// Apollo iOS's `AllAnimalsDeferQuery` (Fixtures/AnimalKingdom/defer.graphql): generated with its `@defer`s kept in
/// the document; what they defer is optional, absent from the initial payload and there once the increments arrive.
@Suite("AnimalKingdom: AllAnimalsDeferQuery")
struct AnimalKingdomDeferTests {
    /// The fields only the deferred inline fragments select (`deferredPetAnimal`, `deferredCat`, `deferredDog`).
    static let deferredKeys: Set<String> = ["relativeSize", "centimeters", "isJellicle", "birthdate"]

    /// `value` without the deferred fields: the initial payload's data.
    static func initial(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var kept = JSONObject()
            for (key, member) in members where !deferredKeys.contains(key) { kept[key] = initial(member) }
            return .object(kept)
        case .array(let items): return .array(items.map(initial))
        default: return value
        }
    }

    @Test("the document keeps its three labelled @defer; the whole answer round-trips with every deferred view there")
    func whole() throws {
        for label in ["deferredPetAnimal", "deferredCat", "deferredDog"] {
            #expect(AllAnimalsDeferQuery.document.contains("@defer(label:\"\(label)\")"))
        }
        let data = try AnimalKingdomTests.check(AllAnimalsDeferQuery.self)
        let cat = try #require(data.allAnimals.first { $0.__typename == "Cat" })
        // Apollo iOS's shape: each deferred inline fragment is a view named by its label, under `fragments`.
        #expect(cat.asCat?.fragments.deferredCat?.isJellicle == true)
        let petAnimal = try #require(cat.asPet?.fragments.deferredPetAnimal)
        #expect(petAnimal.height.centimeters == 25.5 && petAnimal.height.relativeSize == .small)
        // A view holds the enclosing struct's fields too.
        #expect(petAnimal.height.feet == cat.height.feet && petAnimal.id == cat.id)
        let dog = try #require(data.allAnimals.first { $0.__typename == "Dog" })
        #expect(dog.asDog?.fragments.deferredDog?.birthdate == "2020-02-02")
        #expect(dog.asDog?.fragments.deferredDog?.favoriteToy == dog.asDog?.favoriteToy)
    }

    @Test("the initial payload (the deferred fields absent) round-trips exactly on both paths, every deferred view nil")
    func initialPayload() throws {
        let answer = try AnimalKingdomTests.answer(AllAnimalsDeferQuery.document)
        let first = Self.initial(answer.data)
        #expect(first != answer.data, "something is deferred")
        // The deferred fields are the views' only: nothing is encoded for them (a nullable one is not `null`) until
        // their views are there.
        let problems = RoundTrip.problems(
            AllAnimalsDeferQuery.Data.self, data: first, expected: Self.initial(answer.expectedEncoding))
        #expect(problems == [])
        let data = try JSONDecoder().decode(AllAnimalsDeferQuery.Data.self, from: Data(first.jsonText.utf8))
        let cat = try #require(data.allAnimals.first { $0.__typename == "Cat" })
        #expect(cat.asCat != nil && cat.asCat?.fragments.deferredCat == nil)
        #expect(cat.asPet != nil && cat.asPet?.fragments.deferredPetAnimal == nil && cat.asPet?.height.feet == 0)
        let dog = try #require(data.allAnimals.first { $0.__typename == "Dog" })
        #expect(dog.asDog?.fragments.deferredDog == nil && dog.asDog?.favoriteToy != nil)
    }

    @Test(
        "a view whose own field is nullable is there once the field is, `null` too, and not before",
        arguments: [false, true])
    func nullableOwnField(fast: Bool) throws {
        let answer = try AnimalKingdomTests.answer(AllAnimalsDeferQuery.document)
        let first = Self.initial(answer.data)
        // The dog of the initial payload, with `birthdate` (the only field only `deferredDog` selects) arrived as `null`.
        func withBirthdate(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(var members):
                if members["__typename"] == .string("Dog") { members["birthdate"] = .null }
                for (key, member) in members where key != "birthdate" { members[key] = withBirthdate(member) }
                return .object(members)
            case .array(let items): return .array(items.map(withBirthdate))
            default: return value
            }
        }
        func dog(_ data: JSONValue) throws -> AllAnimalsDeferQuery.Data.AllAnimal.AsDog? {
            let body = Data(("{\"data\":" + data.jsonText + "}").utf8)
            let result =
                fast
                ? try GraphQLResponseDecoder.decodeFastPathOnly(
                    AllAnimalsDeferQuery.Data.self, operation: "AllAnimalsDeferQuery",
                    response: HTTPResponse(status: 200),
                    body: body, errorPolicy: .failOnAnyError)
                : try GraphQLResponseDecoder.decode(
                    AllAnimalsDeferQuery.Data.self, operation: "AllAnimalsDeferQuery",
                    response: HTTPResponse(status: 200), body: body, errorPolicy: .failOnAnyError, path: .decodable)
            let decoded = try #require(result?.data, "the \(fast ? "one-pass" : "Decodable") path takes the answer")
            return decoded.allAnimals.first { $0.__typename == "Dog" }?.asDog
        }
        let before = try #require(try dog(first))
        #expect(before.fragments.deferredDog == nil)
        let after = try #require(try dog(withBirthdate(first)))
        let view = try #require(after.fragments.deferredDog)
        #expect(view.birthdate == nil && view.favoriteToy == after.favoriteToy)
    }
}
