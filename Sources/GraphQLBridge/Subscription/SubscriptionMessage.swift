import Foundation

/// The top-level members of a protocol message that matter to the client, read in one pass without building
/// values: a `graphql-transport-ws` message (`type`, `id`, `payload`) or a multipart part (`payload`, `errors`).
/// `payload` and `errors` are kept as their JSON text, so an execution result goes to the decoder as it was sent.
struct SubscriptionMessage: Sendable, Hashable {
    /// `type`, when it is a string.
    var type: String?
    /// `id`, when it is a string.
    var id: String?
    /// The JSON text of `payload`, if present (`null` included).
    var payload: Data?
    /// The JSON text of `errors`, if present.
    var errors: Data?
    /// How many members the object has (`{}` is a multipart heartbeat).
    var memberCount = 0

    /// Reads `data` as a JSON object; `nil` when it is not one (not JSON, or not an object).
    init?(_ data: Data) {
        guard
            let read = GraphQLJSONReader.read(
                data,
                { reader throws(GraphQLJSONReader.Declined) -> SubscriptionMessage in
                    var message = SubscriptionMessage()
                    var more = try reader.beginObject()
                    while more {
                        try reader.readKey()
                        message.memberCount += 1
                        if reader.keyEquals("type") {
                            message.type = try Self.optionalString(&reader)
                        } else if reader.keyEquals("id") {
                            message.id = try Self.optionalString(&reader)
                        } else if reader.keyEquals("payload") {
                            message.payload = reader.data(try reader.skipValueRange())
                        } else if reader.keyEquals("errors") {
                            message.errors = reader.data(try reader.skipValueRange())
                        } else {
                            try reader.skipValue()
                        }
                        more = try reader.nextMember()
                    }
                    try reader.expectEnd()
                    return message
                })
        else { return nil }
        self = read
    }

    private init() {}

    private static func optionalString(_ reader: inout GraphQLJSONReader) throws(GraphQLJSONReader.Declined)
        -> String?
    {
        if reader.peek() == UInt8(ascii: "\"") { return try reader.readString() }
        try reader.skipValue()
        return nil
    }

    /// The GraphQL errors in `json` (an `errors` array, or a `graphql-transport-ws` `error` payload, which is the
    /// array itself); empty when it holds none that decode.
    static func graphQLErrors(_ json: Data?) -> [GraphQLError] {
        guard let json else { return [] }
        return (try? JSONValueDecoder().decode([GraphQLError].self, from: json)) ?? []
    }
}
