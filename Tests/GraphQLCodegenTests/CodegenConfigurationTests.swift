import Foundation
import GraphQLCodegen
import Testing

/// Reading graphql-codegen.json: paths relative to the file, scalar mappings, and errors that say how to fix.
@Suite("Codegen configuration")
struct CodegenConfigurationTests {
    func decode(_ json: String) throws(ConfigurationError) -> CodegenConfiguration {
        try CodegenConfiguration.decode(Data(json.utf8), path: "graphql-codegen.json", baseDirectory: "/app/graphql")
    }

    @Test("a full configuration")
    func full() throws {
        let configuration = try decode(
            """
            {"schema": "schema.graphqls", "operations": ["ops", "/abs/Other.graphql"], "output": "../Generated",
             "access": "internal",
             "scalars": {"Long": "Int64", "DateTime": "Date", "URI": {"type": "URL", "decoding": "decodable"},
                         "Money": {"type": "MyApp.Money", "decoding": "scalar"}}}
            """)
        #expect(configuration.schemaPaths == ["/app/graphql/schema.graphqls"])
        #expect(configuration.operationPaths == ["/app/graphql/ops", "/abs/Other.graphql"])
        #expect(configuration.outputPath == "/app/Generated")
        #expect(configuration.accessLevel == .internal)
        #expect(configuration.scalars["Long"] == ScalarMapping(swiftType: "Int64", decoding: .scalar))
        #expect(configuration.scalars["DateTime"]?.decoding == .scalar)
        #expect(configuration.scalars["DateTime"]?.isDate == true)
        #expect(configuration.scalars["URI"] == ScalarMapping(swiftType: "URL", decoding: .decodable))
        #expect(configuration.scalars["Money"] == ScalarMapping(swiftType: "MyApp.Money", decoding: .scalar))
    }

    @Test("a type the runtime does not know decodes with its Decodable conformance by default")
    func defaultDecoding() {
        #expect(ScalarMapping(swiftType: "URL").decoding == .decodable)
        #expect(ScalarMapping(swiftType: "Long").decoding == .scalar)
        #expect(ScalarMapping(swiftType: "Foundation.Date").isDate)
    }

    @Test(
        "mistakes are errors that say what to change",
        arguments: [
            ("[1]", "must contain a JSON object"),
            ("{\"schema\": \"s\", ", "not valid JSON"),
            ("{\"operations\": \"o\"}", "'schema' is missing"),
            ("{\"schema\": \"s\"}", "'operations' is missing"),
            ("{\"schema\": 3, \"operations\": \"o\"}", "'schema' must be a path"),
            ("{\"schema\": \"s\", \"operations\": \"o\", \"scalar\": {}}", "did you mean 'scalars'?"),
            ("{\"schema\": \"s\", \"operations\": \"o\", \"access\": \"private\"}", "\"public\" or \"internal\""),
            ("{\"schema\": \"s\", \"operations\": \"o\", \"scalars\": {\"Long\": 1}}", "'scalars.Long' must be"),
            (
                "{\"schema\": \"s\", \"operations\": \"o\", \"scalars\": {\"Long\": \"Int-64\"}}",
                "not a Swift type name"
            ),
            (
                "{\"schema\": \"s\", \"operations\": \"o\", "
                    + "\"scalars\": {\"U\": {\"type\": \"URL\", \"decoding\": \"x\"}}}",
                "\"scalar\" or \"decodable\""
            ),
        ])
    func errors(json: String, expected: String) {
        #expect {
            _ = try decode(json)
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.path == "graphql-codegen.json" && error.message.contains(expected)
                && error.description.hasPrefix("graphql-codegen.json: error: ")
        }
    }

    @Test("a missing file is an error that names it")
    func missingFile() {
        #expect(throws: ConfigurationError.self) {
            try CodegenConfiguration.load(contentsOf: URL(fileURLWithPath: "/nonexistent/graphql-codegen.json"))
        }
    }
}
