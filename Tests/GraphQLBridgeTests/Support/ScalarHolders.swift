import Foundation
import GraphQLBridge

// Small `Decodable` types that put a scalar at a known JSON path, decoding it the way generated code does
// (`decodeScalar`), so the tests can assert the path of an error: `data.game.drawsCount`,
// `data.draws[3].number`, `data.values[2]`, `data.single`.

/// `{"data": ...}`.
struct DataEnvelope<Payload: Decodable>: Decodable {
    let data: Payload
}

/// `{"game": {"drawsCount": <T>}}`.
struct GamePayload<T: GraphQLScalarDecodable>: Decodable {
    let game: Game

    struct Game: Decodable {
        let drawsCount: T

        enum CodingKeys: String, CodingKey {
            case drawsCount
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.drawsCount = try container.decodeScalar(T.self, forKey: .drawsCount)
        }
    }
}

/// `{"draws": [{"number": <T>}, ...]}`.
struct DrawsPayload<T: GraphQLScalarDecodable>: Decodable {
    let draws: [Draw]

    struct Draw: Decodable {
        let number: T

        enum CodingKeys: String, CodingKey {
            case number
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.number = try container.decodeScalar(T.self, forKey: .number)
        }
    }
}

/// `{"values": <T>}` where `T` is a list (or an optional list) of scalars.
struct ValuesPayload<T: GraphQLScalarDecodable>: Decodable {
    let values: T

    enum CodingKeys: String, CodingKey {
        case values
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.values = try container.decodeScalar(T.self, forKey: .values)
    }
}

/// `{"values": [<T>, ...]}` read element by element through `UnkeyedDecodingContainer.decodeScalar`.
struct ElementsPayload<T: GraphQLScalarDecodable>: Decodable {
    let values: [T]

    enum CodingKeys: String, CodingKey {
        case values
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .values)
        var values: [T] = []
        while !list.isAtEnd { values.append(try list.decodeScalar(T.self)) }
        self.values = values
    }
}

/// `{"single": <T>}` where the value is read from a single-value container.
struct SinglePayload<T: GraphQLScalarDecodable>: Decodable {
    let single: Single

    struct Single: Decodable {
        let value: T

        init(from decoder: any Decoder) throws {
            self.value = try decoder.singleValueContainer().decodeScalar(T.self)
        }
    }
}
