import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI

/// Loads the fixtures captured from the reference backend (`scripts/capture-fixtures.py`).
enum Fixture {
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "fixture \(name) is missing from Tests/LotteryBridgeTests/Fixtures" }
    }

    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw Missing(name: name)
        }
        return try Data(contentsOf: url)
    }

    /// A REST fixture decoded by the legacy app's own code.
    static func rest<Model: Decodable>(_ type: Model.Type, _ name: String) throws -> Model {
        try LegacyAPIClient.decodeEnvelope(Model.self, from: data(name))
    }

    /// A GraphQL fixture decoded by the runtime, keeping partial data and its errors.
    static func graphQL<Operation: GraphQLOperation>(_ operation: Operation.Type, _ name: String) throws
        -> GraphQLResult<Operation.Data>
    {
        try GraphQLResponseDecoder.decode(
            Operation.Data.self, operation: Operation.operationName, response: HTTPResponse(status: 200),
            body: data(name), errorPolicy: .returnPartialData)
    }

    /// The instant of a UTC RFC 3339 string.
    static func date(_ text: String) -> Date? { DateTimeScalar.parse(text) }
}
