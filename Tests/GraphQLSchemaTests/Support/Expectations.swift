/// The files make_validation_expectations.py writes.
enum Expectations {
    /// validation-expectations.json.
    struct Validation: Decodable {
        struct Document: Decodable {
            let id: String
            let schema: String
            let errors: [ExpectedError]?
            let syntaxError: ExpectedError?
        }
        let graphqlCore: String
        let documents: [Document]
    }

    /// sdl-expectations.json.
    struct SDL: Decodable {
        struct Document: Decodable {
            let id: String
            let stage: String
            let errors: [ExpectedError]
        }
        let graphqlCore: String
        let documents: [Document]
    }

    /// graphql-core-fixture-expectations.json.
    struct GraphQLCoreFixtures: Decodable {
        let graphqlCore: String
        let schemaErrors: [ExpectedError]
        let largeQueryErrors: [ExpectedError]
        let largeQueryAllErrors: [ExpectedError]
        let schemaKitchenSinkErrors: [ExpectedError]
    }
}
