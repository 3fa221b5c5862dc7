import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLCodegenTestSupport
import GraphQLParser
import Testing

/// Apollo iOS's AnimalKingdom operations (Fixtures/AnimalKingdom), answered from a fixed world of animals
/// (world.json) as a server would, for every value of their variables: the generated types decode the answer on both
/// paths, hold every field of it, encode it back and decode that again.
@Suite("AnimalKingdom: Apollo's operations round-trip")
struct AnimalKingdomTests {
    static let schema = Result { try GeneratedSources.schema(PropertyCorpus.schemaPaths) }
    static let world = Result {
        try JSONValue(parsing: try Data(contentsOf: GeneratedSources.fixture("AnimalKingdom/world.json")))
    }

    static func answer(_ document: String, _ variables: [String: Bool] = [:]) throws -> ResponseGenerator.Answer {
        var generator = ResponseGenerator(schema: try schema.get(), seed: 1)
        return try generator.answer(
            try Parser.parse(Source(document, name: "document")), variables: variables, world: try world.get())
    }

    static func check<Operation: GraphQLOperation>(_ operation: Operation.Type, _ variables: [String: Bool] = [:])
        throws -> Operation.Data
    where Operation.Data: GraphQLFastDecodable & Codable & Hashable {
        let answer = try answer(Operation.document, variables)
        let problems = RoundTrip.problems(Operation.Data.self, data: answer.data, expected: answer.expectedEncoding)
        #expect(problems == [], "\(Operation.operationName) \(variables)")
        return try JSONDecoder().decode(Operation.Data.self, from: Data(answer.data.jsonText.utf8))
    }

    @Test("AllAnimalsQuery: every field, in the views where its conditions apply")
    func allAnimals() throws {
        let data = try Self.check(AllAnimalsQuery.self)
        let cat = try #require(data.allAnimals.first)
        #expect(cat.__typename == "Cat")
        // Apollo's own AsPet.Height: feet and inches, and meters, relativeSize and centimeters.
        let height = try #require(cat.asPet?.height)
        #expect(height.feet == 0 && height.meters == 0 && height.relativeSize == .small && height.centimeters == 25.5)
        #expect(cat.asCat?.isJellicle == true)
        #expect(cat.asWarmBlooded?.bodyTemperature == 38)
        #expect(cat.asPet?.fragments.petDetails.owner?.firstName == "Ada")
        let bird = try #require(data.allAnimals.first { $0.__typename == "Bird" })
        #expect(bird.asBird?.wingspan == 22.5)
        #expect(bird.asClassroomPet != nil)
        let dog = try #require(data.allAnimals.first { $0.__typename == "Dog" })
        #expect(dog.asDog?.birthdate == "2020-02-02")
        let crocodile = try #require(data.allAnimals.first { $0.__typename == "Crocodile" })
        #expect(crocodile.asPet == nil && crocodile.asWarmBlooded == nil)
        #expect(crocodile.predators.first?.asWarmBlooded?.laysEggs == false)
    }

    @Test("AllAnimalsIncludeSkipQuery: every value of its five variables", arguments: 0..<32)
    func includeSkip(_ bits: Int) throws {
        let names = ["includeSpecies", "skipHeightInMeters", "getCat", "getWarmBlooded", "varA"]
        var variables: [String: Bool] = [:]
        for (index, name) in names.enumerated() { variables[name] = bits & (1 << index) != 0 }
        let data = try Self.check(AllAnimalsIncludeSkipQuery.self, variables)
        let crocodile = try #require(data.allAnimals.first { $0.__typename == "Crocodile" })
        // A crocodile has no conditional fragment that its fields would complete: HeightInMeters is there exactly
        // when it is not skipped.
        #expect((crocodile.fragments.heightInMeters != nil) == !(variables["skipHeightInMeters"] ?? false))
        #expect(crocodile.species == ((variables["includeSpecies"] ?? false) ? "Crocodylus niloticus" : nil))
    }

    @Test("ClassroomPets, DogQuery, Crocodiles, PetSearch, the mutation and the local cache mutation round-trip")
    func others() throws {
        let pets = try Self.check(ClassroomPetsQuery.self)
        #expect(pets.classroomPets?.count == 5)
        #expect(pets.classroomPets?[1] == nil)
        _ = try Self.check(DogQuery.self)
        let crocodiles = try Self.check(CrocodilesQuery.self)
        #expect(crocodiles.allAnimals.contains { $0.asCrocodile?.tag == "albino-7" })
        _ = try Self.check(PetSearchQuery.self)
        _ = try Self.check(PetAdoptionMutation.self)
        _ = try Self.check(AllAnimalsLocalCacheMutationQuery.self)
    }

    @Test("client-only directives are not sent")
    func clientDirectivesStripped() {
        #expect(!AllAnimalsLocalCacheMutationQuery.document.contains("@apollo_client_ios_localCacheMutation"))
        #expect(!PetDetailsMutation.fragmentDefinition.contains("@"))
    }

    @Test("a typed stub of AllAnimalsQuery answers with the value it was given")
    func stubbed() async throws {
        let data = try Self.check(AllAnimalsQuery.self)
        let transport = GraphQLStubTransport()
        transport.stub(AllAnimalsQuery.self, data: data)
        let endpoint = try #require(URL(string: "https://animals.example/graphql"))
        let client = GraphQLHTTPClient(endpoint: endpoint, transport: transport)
        let result = try await client.execute(AllAnimalsQuery())
        #expect(result.data == data)
    }
}

/// Writes the fastdecoder fuzz target's seeds for the generated-code tests' operations (Fuzz/fastdecoder/Corpus,
/// first byte 0xF0 + the harness's index): `WRITE_FUZZ_SEEDS=1 swift test --filter FuzzSeeds`.
@Suite("Fuzz seeds")
struct FuzzSeeds {
    @Test(
        "write the fastdecoder seeds", .enabled(if: ProcessInfo.processInfo.environment["WRITE_FUZZ_SEEDS"] == "1"))
    func write() throws {
        let corpus = GeneratedSources.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/fastdecoder/Corpus")
        let documents: [(UInt8, String, String, [String: Bool])] = [
            (0, "all-animals", AllAnimalsQuery.document, [:]),
            (1, "all-animals-include-skip", AllAnimalsIncludeSkipQuery.document, ["getCat": true, "varA": true]),
            (2, "classroom-pets", ClassroomPetsQuery.document, [:]),
            (3, "dog-query", DogQuery.document, [:]),
            (7, "crocodiles", CrocodilesQuery.document, [:]),
        ]
        for (index, name, document, variables) in documents {
            let answer = try AnimalKingdomTests.answer(document, variables)
            var bytes = Data([0xF0 + index])
            bytes.append(Data(("{\"data\":" + answer.data.jsonText + "}").utf8))
            try bytes.write(to: corpus.appendingPathComponent("generated-\(name).json"))
        }
        let repros: [(UInt8, String, String)] = [
            (
                4, "nested-conditions",
                #"{"animals":[{"__typename":"Fish","id":"1","name":"Nemo","size":3},{"__typename":"Crab","id":"2"}]}"#
            ),
            (
                5, "views-encoding",
                #"{"animals":[{"__typename":"Cat","height":{"a":1,"b":2}},{"__typename":"Croc","height":{"b":4}}]}"#
            ),
            (6, "conditional-fragment", #"{"thing":{"size":{"feet":1}}}"#),
        ]
        for (index, name, data) in repros {
            var bytes = Data([0xF0 + index])
            bytes.append(Data(("{\"data\":" + data + "}").utf8))
            try bytes.write(to: corpus.appendingPathComponent("generated-\(name).json"))
        }
    }
}
