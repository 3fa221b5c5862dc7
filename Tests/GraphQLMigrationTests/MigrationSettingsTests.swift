import Foundation
import GraphQLMigration
import Testing

@Suite("MigrationSettings")
struct MigrationSettingsTests {
    @Test func defaultsToRESTForEveryModel() {
        let settings = MigrationSettings()
        #expect(settings.defaultMode == .rest)
        #expect(settings.mode(for: "GameInfo") == .rest)
        #expect(settings.modes.isEmpty)
    }

    @Test func dictionaryLiteralAndExplicitDefault() {
        let literal: MigrationSettings = ["GameInfo": .graphQL, "DrawInfo": .shadow]
        #expect(literal.mode(for: "GameInfo") == .graphQL)
        #expect(literal.mode(for: "DrawInfo") == .shadow)
        #expect(literal.mode(for: "ImageInfo") == .rest)

        let settings = MigrationSettings(defaultMode: .graphQLWithRESTFallback, modes: ["GameInfo": .rest])
        #expect(settings.mode(for: "GameInfo") == .rest)
        #expect(settings.mode(for: "ImageInfo") == .graphQLWithRESTFallback)
    }

    @Test func settingAndRemovingModes() {
        let settings = MigrationSettings()
        settings.setMode(.shadow, for: "DrawInfo")
        settings.setMode(.graphQL, for: SampleGame.self)
        #expect(settings.mode(for: "DrawInfo") == .shadow)
        #expect(settings.mode(for: "SampleGame") == .graphQL)
        #expect(settings.mode(for: SampleGame.self) == .graphQL)
        settings.removeMode(for: "DrawInfo")
        settings.defaultMode = .graphQLWithRESTFallback
        #expect(settings.mode(for: "DrawInfo") == .graphQLWithRESTFallback)
        #expect(
            settings.configuration
                == MigrationConfiguration(
                    defaultMode: .graphQLWithRESTFallback, modes: ["SampleGame": .graphQL]))
    }

    @Test func structuredJSON() throws {
        let settings = try MigrationSettings(
            json: #"{"defaultMode": "shadow", "modes": {"GameInfo": "graphQL", "DrawInfo": "graphqlwithrestfallback"}}"#
        )
        #expect(settings.defaultMode == .shadow)
        #expect(settings.modes == ["GameInfo": .graphQL, "DrawInfo": .graphQLWithRESTFallback])
    }

    @Test func flatJSON() throws {
        let settings = try MigrationSettings(json: Data(#"{"GameInfo": "GRAPHQL", "DrawInfo": "shadow"}"#.utf8))
        #expect(settings.defaultMode == .rest)
        #expect(settings.modes == ["GameInfo": .graphQL, "DrawInfo": .shadow])
    }

    @Test func structuredJSONIgnoresUnknownKeys() throws {
        let configuration = try MigrationConfiguration(json: #"{"modes": {"GameInfo": "rest"}, "sampling": 0.5}"#)
        #expect(configuration == MigrationConfiguration(modes: ["GameInfo": .rest]))
    }

    @Test func unknownModesAreErrorsWithThePath() {
        #expect(
            throws: MigrationSettingsError.invalidValue(
                path: "modes.GameInfo",
                message:
                    "unknown migration mode \"grahpQL\"; expected one of rest, shadow, graphQL, graphQLWithRESTFallback"
            )
        ) {
            try MigrationSettings(json: #"{"modes": {"GameInfo": "grahpQL"}}"#)
        }
        let flat = #expect(throws: MigrationSettingsError.self) {
            try MigrationSettings(json: #"{"DrawInfo": 3}"#)
        }
        guard case .invalidValue(let path, let message) = flat else {
            Issue.record("expected invalidValue, got \(String(describing: flat))")
            return
        }
        #expect(path == "DrawInfo")
        #expect(message.hasPrefix("expected a mode name (a string)"))
        #expect(flat?.description.contains("at \"DrawInfo\"") == true)
    }

    @Test func invalidJSONAndNonObjects() {
        let invalid = #expect(throws: MigrationSettingsError.self) {
            try MigrationSettings(json: "{not json")
        }
        if case .invalidJSON = invalid {
        } else {
            Issue.record("expected invalidJSON, got \(String(describing: invalid))")
        }
        let array = #expect(throws: MigrationSettingsError.self) {
            try MigrationSettings(json: #"["rest"]"#)
        }
        #expect(array?.description.hasPrefix("migration settings: at the top level: expected a JSON object") == true)
    }

    @Test func applyReplacesEverythingOrNothing() throws {
        let settings: MigrationSettings = ["GameInfo": .shadow]
        try settings.apply(json: Data(#"{"defaultMode": "graphQL", "modes": {"DrawInfo": "rest"}}"#.utf8))
        #expect(settings.configuration == MigrationConfiguration(defaultMode: .graphQL, modes: ["DrawInfo": .rest]))
        #expect(throws: MigrationSettingsError.self) {
            try settings.apply(json: Data(#"{"modes": {"DrawInfo": "graphQL", "GameInfo": "nope"}}"#.utf8))
        }
        #expect(settings.configuration == MigrationConfiguration(defaultMode: .graphQL, modes: ["DrawInfo": .rest]))
    }

    @Test func jsonRoundTrip() throws {
        let configuration = MigrationConfiguration(defaultMode: .shadow, modes: ["GameInfo": .graphQL, "A": .rest])
        let data = try configuration.jsonData()
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"defaultMode":"shadow","modes":{"A":"rest","GameInfo":"graphQL"}}"#)
        #expect(try MigrationConfiguration(json: data) == configuration)
    }

    @Test func modesParseIgnoringCase() {
        #expect(MigrationMode(parsing: "graphQL") == .graphQL)
        #expect(MigrationMode(parsing: "GRAPHQLWITHRESTFALLBACK") == .graphQLWithRESTFallback)
        #expect(MigrationMode(parsing: "graph ql") == nil)
        #expect(MigrationMode.allCases.map(\.rawValue) == ["rest", "shadow", "graphQL", "graphQLWithRESTFallback"])
    }

    @Test func concurrentReadsAndWritesAreSafe() async {
        let settings = MigrationSettings()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for iteration in 0..<500 {
                        let model = "Model\(iteration % 10)"
                        settings.setMode(MigrationMode.allCases[(index + iteration) % 4], for: model)
                        _ = settings.mode(for: model)
                        _ = settings.configuration
                    }
                }
            }
        }
        #expect(settings.modes.count == 10)
    }
}
