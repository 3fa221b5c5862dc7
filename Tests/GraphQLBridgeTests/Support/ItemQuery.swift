import Foundation
import GraphQLBridge

/// `query Item($id: ID!, $limit: Int)`: a small operation with variables, a `Long` and a nested object,
/// written in the form the code generator emits.
struct ItemQuery: GraphQLQuery {
    static let operationName = "Item"
    static let document = "query Item($id:ID!,$limit:Int){item(id:$id,limit:$limit){name count}}"

    var id: GraphQLID
    var limit: GraphQLNullable<Int> = .none

    var variables: Variables { Variables(id: id, limit: limit) }

    struct Variables: Encodable, Sendable {
        var id: GraphQLID
        var limit: GraphQLNullable<Int>

        enum CodingKeys: String, CodingKey {
            case id, limit
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(limit, forKey: .limit)
        }
    }

    struct Data: Decodable, Sendable, Hashable {
        let item: Item?

        struct Item: Decodable, Sendable, Hashable {
            let name: String
            let count: Long

            enum CodingKeys: String, CodingKey {
                case name, count
            }

            init(name: String, count: Long) {
                self.name = name
                self.count = count
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self.name = try container.decode(String.self, forKey: .name)
                self.count = try container.decodeScalar(Long.self, forKey: .count)
            }
        }
    }
}
