import Foundation
import GraphQLBridge
import Testing

/// Decodes `json` as `DataEnvelope<Payload>`.
func decode<Payload: Decodable>(_ type: Payload.Type, _ json: String) throws -> Payload {
    try JSONDecoder().decode(DataEnvelope<Payload>.self, from: Data(json.utf8)).data
}

/// The ``GraphQLDecodingError`` that decoding `json` as `DataEnvelope<Payload>` throws; records an issue and
/// returns `nil` when it decodes or throws another error.
func decodingError<Payload: Decodable>(
    _ type: Payload.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
) -> GraphQLDecodingError? {
    do {
        let value = try decode(type, json)
        Issue.record("expected a GraphQLDecodingError, decoded \(value)", sourceLocation: sourceLocation)
    } catch let error as GraphQLDecodingError {
        return error
    } catch {
        Issue.record("expected a GraphQLDecodingError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// `{"data":{"game":{"drawsCount":<value>}}}`.
func gameJSON(_ value: String) -> String { #"{"data":{"game":{"drawsCount":"# + value + "}}}" }

/// `{"data":{"draws":[{"number":1},{"number":2},{"number":3},{"number":<value>},{"number":5}]}}`.
func drawsJSON(_ value: String) -> String {
    #"{"data":{"draws":[{"number":1},{"number":2},{"number":3},{"number":"# + value + #"},{"number":5}]}}"#
}

/// `{"data":{"values":[1,2,<value>,4]}}`.
func valuesJSON(_ value: String) -> String { #"{"data":{"values":[1,2,"# + value + ",4]}}" }

/// `{"data":{"single":<value>}}`.
func singleJSON(_ value: String) -> String { #"{"data":{"single":"# + value + "}}" }
